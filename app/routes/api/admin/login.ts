import { signIn } from "~/server/auth/login.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { DEVICE_COOKIE } from "~/server/auth/device.server";
import {
  challengeCookie,
  readCookie,
  sessionHeaders,
  sessionIdOf,
} from "~/server/http/cookies.server";
import { readLoginPost } from "~/server/http/login-post.server";
import type { Route } from "./+types/login";

const NO_STORE = { "Cache-Control": "no-store" };

/** POST /api/admin/login {email, password} → 200 {success:true} + session cookie, or {success:false, error}. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const body = await readLoginPost(request, "email and password");
  if (body instanceof Response) return body;
  const result = await signIn(db, {
    email: body.email,
    password: body.password,
    ip: requestInfo(context).clientIp,
    previousSessionId: sessionIdOf(request),
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
