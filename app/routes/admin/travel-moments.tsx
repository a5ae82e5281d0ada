import { MomentAdmin } from "~/components/admin/moments/moment-admin";
import { momentClientAction } from "~/components/admin/moments/moment-client-action";
import { loadMomentScreen, momentAction } from "~/server/catalogue/moments-admin.server";
import { adminFromContext } from "~/server/auth/auth.server";
import { getDb } from "~/server/platform/db.server";
import type { Route } from "./+types/travel-moments";

export async function loader({ request }: Route.LoaderArgs) {
  return loadMomentScreen(getDb(), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return momentAction(getDb(), request, adminFromContext(context).id);
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
