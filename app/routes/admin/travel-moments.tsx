import { MomentAdmin } from "~/components/admin/moments/moment-admin";
import { momentClientAction } from "~/components/admin/moments/moment-client-action";
import { loadMomentScreen, momentAction } from "~/server/catalogue/moments-admin.server";
import { adminFromContext } from "~/server/auth/auth.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/travel-moments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  return loadMomentScreen(db, new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = servicesFrom(context);
  return momentAction(db, request, { media, by: adminFromContext(context).id });
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
      reply={actionData}
    />
  );
}
