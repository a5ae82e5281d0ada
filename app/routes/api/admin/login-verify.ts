import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { CHALLENGE_COOKIE, completeSecondFactor } from "~/server/auth/sign-in-challenge.server";
import {
  clearChallengeCookie,
  readCookie,
  sessionHeaders,
  sessionIdOf,
} from "~/server/http/cookies.server";
import { readLoginPost } from "~/server/http/login-post.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import type { Route } from "./+types/login-verify";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/admin/login/verify {code} with the challenge cookie POST /api/admin/login set:
 * 200 {success:true} + session cookie (aal2), or {success:false, error}.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site } = servicesFrom(context);
  const body = await readLoginPost(request, "code");
  if (body instanceof Response) return body;
  const result = await completeSecondFactor(
    db,
    {
      challengeId: readCookie(request, CHALLENGE_COOKIE),
      code: body.code,
      origin: requestOrigin(request, requestInfo(context).clientIp),
      previousSessionId: sessionIdOf(request),
    },
    { mailer, site },
  );
  if (result.ok) {
    const headers = sessionHeaders(request, result.session, result.device);
    headers.append("Set-Cookie", clearChallengeCookie(request));
    return Response.json({ success: true }, { headers });
  }
  const headers = new Headers(NO_STORE);
  if (result.restart) headers.append("Set-Cookie", clearChallengeCookie(request));
  if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
  return Response.json({ success: false, error: result.error }, { status: result.status, headers });
}
