import { AUTH_COOKIES, clearCookieLine, isHttps } from "../auth/cookies.server";
import { flashRedirect, verifiedFlash, type FlashToast } from "../auth/toast.server";
import { readCookie, sessionIdOf } from "./cookies.server";

/*
 * Flash toasts at the HTTP edge: the redirect that carries one to the next page, and the root
 * loader's read (and clearing) of it. The signed cookie itself is toast.server.ts's.
 */

/** A redirect that shows `toast` on the next page; `init.headers` may add more cookies. */
export function redirectWithToast(
  request: Request,
  url: string,
  toast: FlashToast,
  init: { headers?: HeadersInit } = {},
): Response {
  return flashRedirect(
    url,
    toast,
    { secure: isHttps(request), sessionId: sessionIdOf(request) },
    init,
  );
}

/** The pending flash message, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { toast: FlashToast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request, AUTH_COOKIES.flash.name);
  if (raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", clearCookieLine(AUTH_COOKIES.flash, { secure: isHttps(request) }));
  return { toast: verifiedFlash(raw, sessionIdOf(request)), headers };
}
