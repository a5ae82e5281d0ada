import { ReviewQueue } from "~/components/admin/review/review-queue";
import { adminFromContext } from "~/server/auth/auth.server";
import { reviewQueueScreen } from "~/server/catalogue/reviews.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { reviewAction } from "./review.server";
import type { Route } from "./+types/review";

/** /admin/review: packages submitted for review, each to approve or send back (decision 132). */
export function loader({ context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return reviewQueueScreen(db, site);
}

export function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site, media } = servicesFrom(context);
  return reviewAction(db, request, {
    by: adminFromContext(context).id,
    notice: { mailer, site, media, currency: site.currency },
  });
}

export function meta() {
  return [{ title: "Review · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminReview({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewQueue {...loaderData} reply={actionData} />;
}
