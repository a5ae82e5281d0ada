import { requestOrigin } from "~/server/events/events.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { signOut } from "~/server/auth/login.server";
import { assertSameOrigin } from "~/server/auth/security.server";
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
  const clear = await signOut(db, request, requestOrigin(request, requestInfo(context).clientIp));
  return Response.json(
    { success: true },
    { headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } },
  );
}
