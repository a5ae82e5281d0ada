import { MomentAdmin } from "~/components/admin/moments/moment-admin";
import { momentClientAction } from "~/components/admin/moments/moment-client-action";
import { momentDialogHref } from "~/domain/moment-form";
import { loadMomentScreen, momentAction } from "~/server/catalogue/moments-admin.server";
import { adminFromContext } from "~/server/auth/auth.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/travel-moments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return loadMomentScreen(db, new URL(request.url).searchParams, site);
}

/** Done: back to the list with a flash message; otherwise the dialog with what went wrong. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = servicesFrom(context);
  const post = {
    // The body stays a stream: files go to storage as they arrive.
    upload: { headers: request.headers, body: request.body },
    editing: new URL(request.url).searchParams.has("edit"),
  };
  const outcome = await momentAction(db, post, { media, by: adminFromContext(context).id });
  if (!("flash" in outcome)) return outcome;
  return redirectWithToast(request, momentDialogHref(null), outcome.flash);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return momentClientAction(request, serverAction);
}

export function meta() {
  return [{ title: "Travel Moments · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminTravelMoments({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MomentAdmin
      moments={loaderData.moments}
      dialog={loaderData.dialog}
      max={loaderData.max}
      translations={loaderData.translations}
      reply={actionData}
    />
  );
}
