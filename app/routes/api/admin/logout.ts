import { requestOrigin } from "~/server/http/request-origin.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { signOut } from "~/server/auth/login.server";
import { clearSessionCookie, sessionIdOf } from "~/server/http/cookies.server";
import { assertSameOrigin } from "~/server/http/same-origin.server";
import type { Route } from "./+types/logout";

/** POST /api/admin/logout: always deletes the session row (if any) and expires the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  assertSameOrigin(request);
  if (request.method !== "POST") {
    return Response.json(
      { success: false, error: "Method not allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  await signOut(db, sessionIdOf(request), requestOrigin(request, requestInfo(context).clientIp));
  return Response.json(
    { success: true },
    { headers: { "Set-Cookie": clearSessionCookie(request), "Cache-Control": "no-store" } },
  );
}
