import type { RequestOrigin } from "../events/events.server";

/**
 * Who sent the request, for the events a route's service records: the client's address (the
 * route reads it from the request context, `requestInfo(context).clientIp`) and its browser.
 */
export function requestOrigin(request: Request, ip: string): RequestOrigin {
  return { ip, userAgent: request.headers.get("User-Agent") };
}
