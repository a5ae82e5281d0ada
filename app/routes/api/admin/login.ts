import { getDb } from "~/server/platform/db.server";
import { readLoginJson, sessionHeaders, signIn } from "~/server/auth/login.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { assertSameOrigin } from "~/server/auth/security.server";
import { DEVICE_COOKIE } from "~/server/auth/device.server";
import { readCookie, SESSION_COOKIE } from "~/server/auth/session.server";
import { challengeCookie } from "~/server/auth/sign-in-challenge.server";
import type { Route } from "./+types/login";

const NO_STORE = { "Cache-Control": "no-store" };

/** POST /api/admin/login {email, password} → 200 {success:true} + session cookie, or {success:false, error}. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") {
    return Response.json(
      { success: false, error: "Method not allowed" },
      { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
    );
  }
  const body = await readLoginJson(request);
  if (!body) {
    return Response.json(
      { success: false, error: "Expected a JSON body with email and password" },
      { status: 400, headers: NO_STORE },
    );
  }
  const result = await signIn(getDb(), {
    email: body.email,
    password: body.password,
    ip: requestInfo(context).clientIp,
    previousSessionId: readCookie(request, SESSION_COOKIE),
    deviceCookie: readCookie(request, DEVICE_COOKIE),
    userAgent: request.headers.get("User-Agent"),
  });
  if (result.ok)
    return Response.json(
      { success: true },
      { headers: sessionHeaders(request, result.session, result.device) },
    );
  if (result.challenge) {
    // Two-factor on: nothing is granted until POST /api/admin/login/verify gets a code.
    return Response.json(
      { success: false, error: result.error, twoFactorRequired: true },
      {
        status: 401,
        headers: { ...NO_STORE, "Set-Cookie": challengeCookie(request, result.challenge) },
      },
    );
  }
  const headers: Record<string, string> = { ...NO_STORE };
  if (result.status === 429) headers["Retry-After"] = String(result.retryAfterSeconds);
  return Response.json({ success: false, error: result.error }, { status: result.status, headers });
}
