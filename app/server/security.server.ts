const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site writes are refused: a browser's Sec-Fetch-Site must be same-origin (or none: typed
 * URL / bookmark), and an Origin header, when sent, must be this site's. Non-browser clients
 * send neither and are judged by their session cookie alone.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin) return true;
  return false;
}

/** Throws a 403 JSON response for a cross-site write (for /api resource routes). */
export function assertSameOrigin(request: Request): void {
  if (isCrossSiteWrite(request)) {
    throw Response.json({ error: "Cross-site request refused" }, { status: 403 });
  }
}
