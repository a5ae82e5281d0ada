import { redirect } from "react-router";
import { SIGN_IN_TEXTS } from "~/components/admin/sign-in-client";
import { requestOrigin } from "~/server/http/request-origin.server";
import { clearSessionCookie, sessionIdOf } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { signOut } from "~/server/auth/login.server";
import { redirectWithToast } from "~/server/http/flash.server";
import type { Route } from "./+types/sign-out";

/** Sign Out in the sidebar posts here (works without JavaScript). GET signs nobody out. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  await signOut(db, sessionIdOf(request), requestOrigin(request, requestInfo(context).clientIp));
  return redirectWithToast(
    request,
    "/admin",
    { type: "success", message: SIGN_IN_TEXTS.signedOut },
    {
      headers: { "Set-Cookie": clearSessionCookie(request) },
    },
  );
}
