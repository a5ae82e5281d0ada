import { crossSiteRefusal, isCrossSiteWrite } from "../auth/security.server";

/** Throws a 403 JSON response for a cross-site write (the root middleware, /api resource routes). */
export function assertSameOrigin(request: Request): void {
  if (isCrossSiteWrite(request)) throw crossSiteRefusal();
}
