const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_ERROR = "Cross-site request refused";

/**
 * The rule behind isCrossSiteWrite, on plain values so the HTTP server can apply it too.
 * A browser's Sec-Fetch-Site must be same-origin (or none: typed URL / bookmark), and an Origin
 * header, when sent, must be this site's ("null" from sandboxed frames is refused). Non-browser
 * clients send neither and are judged by their session cookie alone.
 */
export function isCrossSiteWriteFrom(
  method: string,
  secFetchSite: string | null | undefined,
  origin: string | null | undefined,
  ownOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return true;
  if (origin && origin !== ownOrigin) return true;
  return false;
}

export function isCrossSiteWrite(request: Request): boolean {
  return isCrossSiteWriteFrom(
    request.method,
    request.headers.get("Sec-Fetch-Site"),
    request.headers.get("Origin"),
    new URL(request.url).origin,
  );
}

/**
 * The 403 JSON answer to a cross-site write. Routes throw it through assertSameOrigin
 * (app/server/http/same-origin.server.ts); the API's plumbing (api-route.server.ts) directly.
 */
export function crossSiteRefusal(): Response {
  return Response.json({ error: CROSS_SITE_ERROR }, { status: 403 });
}
