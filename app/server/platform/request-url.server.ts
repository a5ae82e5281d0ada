import type express from "express";

/**
 * The full URL of an Express request, as React Router sees it: the host (with its port, and the
 * forwarded one behind a trusted proxy), the protocol and the original URL. Used by the request
 * handler (app/server/http) and the page cache (app/server/site).
 */
export function urlOf(req: express.Request): URL {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((p) => Number.parseInt(p ?? "", 10))
    .find((p) => Number.isSafeInteger(p));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}
