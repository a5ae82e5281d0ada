import {
  AUTH_COOKIES,
  clearCookieLine,
  cookieValue,
  isHttps,
  setCookieLine,
} from "../auth/cookies.server";
import { deviceCookieValue } from "../auth/device.server";
import type { Challenge } from "../auth/sign-in-challenge.server";

/*
 * The auth cookies at the HTTP edge: what a request carries and the Set-Cookie lines a response
 * sends, Secure when the request came over HTTPS. The cookies themselves (names, attributes, why
 * not createCookie) are declared in app/server/auth/cookies.server.ts.
 */

/** The decoded value of the request's cookie `name`, if it sent one. */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieValue(request.headers.get("Cookie"), name);
}

/** The session id the request's cookie carries, if any (checked against the database elsewhere). */
export function sessionIdOf(request: Request): string | undefined {
  return readCookie(request, AUTH_COOKIES.session.name);
}

/** Set-Cookie for a new session and the trusted-device cookie (plus Cache-Control: no-store). */
export function sessionHeaders(
  request: Request,
  session: { id: string; expiresAt: Date },
  device?: { email: string; id?: string },
): Headers {
  const secure = isHttps(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append(
    "Set-Cookie",
    setCookieLine(AUTH_COOKIES.session, session.id, { secure, expires: session.expiresAt }),
  );
  if (device) {
    const value = deviceCookieValue(device.email, device.id);
    headers.append("Set-Cookie", setCookieLine(AUTH_COOKIES.device, value, { secure }));
  }
  return headers;
}

/** Set-Cookie that expires the session cookie (sign-out). */
export function clearSessionCookie(request: Request): string {
  return clearCookieLine(AUTH_COOKIES.session, { secure: isHttps(request) });
}

/** Set-Cookie for the two-factor challenge the password step created. */
export function challengeCookie(request: Request, challenge: Challenge): string {
  return setCookieLine(AUTH_COOKIES.challenge, challenge.id, { secure: isHttps(request) });
}

/** Set-Cookie that deletes the two-factor challenge cookie. */
export function clearChallengeCookie(request: Request): string {
  return clearCookieLine(AUTH_COOKIES.challenge, { secure: isHttps(request) });
}

/** The private token of a booking being paid, for the way back from Checkout (decision 133). */
export const CHECKOUT_RETURN_COOKIE = "wlx_checkout";

/**
 * Set-Cookie that carries a booking's private token to its return page after Checkout: Stripe
 * keeps the return URL, so the token never goes in it. Sent only under /booking/{reference} (the
 * rest of the site, and its page cache, never see it), HttpOnly, SameSite=Lax (the way back from
 * Stripe is a top-level GET), for a day.
 */
export function checkoutReturnCookie(request: Request, reference: string, token: string): string {
  return [
    `${CHECKOUT_RETURN_COOKIE}=${token}`,
    `Path=/booking/${reference}`,
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${24 * 60 * 60}`,
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");
}
