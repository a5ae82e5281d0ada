import { PackageList } from "~/components/admin/package-list";
import { kindInfo } from "~/domain/package-kinds";
import { adminFromContext } from "~/server/auth/auth.server";
import { adminPackageList, listKind } from "~/server/catalogue/admin-lists.server";
import { reviewLabels } from "~/server/catalogue/proposal-screens.server";
import { reviewsOf } from "~/server/catalogue/reviews.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { translationBadges } from "~/server/catalogue/translation-screens.server";
import { dayIn } from "~/domain/intl";
import { clicksByPackage } from "~/server/leads/booking-clicks.server";
import { adminListAction } from "./package-list.server";
import type { Route } from "./+types/package-list";

/** /admin/dashboard, /admin/discovery, /admin/exclusive and /admin/local: one screen, four kinds. */
export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const searchParams = new URL(request.url).searchParams;
  const list = await adminPackageList(db, listKind(pattern), searchParams, { site });
  // Each card shows its Book Now clicks of the last 30 days.
  const clicks = await clicksByPackage(db, dayIn(site.timeZone));
  // The author's own submissions for review, with a reviewer's comment (decision 132).
  const reviews = await reviewsOf(db, adminFromContext(context).id, listKind(pattern));
  // How much of each card is translated into the other languages (decision 139).
  const translations = await translationBadges(
    db,
    site,
    listKind(pattern),
    list.packages.map((p) => p.id),
  );
  // Each card in review says so ("Changes in review" for a published package's proposal).
  const review = await reviewLabels(
    db,
    list.packages.map((p) => p.id),
  );
  return {
    ...list,
    reviews,
    packages: list.packages.map((p) => ({
      ...p,
      bookNowClicks: clicks.get(p.id) ?? 0,
      ...(translations.has(p.id) ? { translations: translations.get(p.id) } : {}),
      ...(review.has(p.id) ? { review: review.get(p.id) } : {}),
    })),
  };
}

/** Publish, unpublish, delete, reorder (drag and drop) and move (no JavaScript). */
export function action(args: Route.ActionArgs) {
  const { db, site } = servicesFrom(args.context);
  return adminListAction(db, args, {
    by: adminFromContext(args.context).id,
    languages: site.languages,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${kindInfo(loaderData.kind).admin.title} · Admin` : "Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminPackageList({ loaderData, actionData }: Route.ComponentProps) {
  return <PackageList list={loaderData} reply={actionData} reviews={loaderData.reviews} />;
}
