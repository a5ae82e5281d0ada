import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * What the server answers while it starts (migrations, the first start's demo seeding): it listens
 * at once so a browser or a health check gets an answer, not a refused connection. /healthz says
 * `{"status":"starting"}` with 503; everything else a short 503 with Retry-After.
 */
export function startingHandler(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  const json = path === "/healthz" || path?.startsWith("/api/");
  const body = json
    ? JSON.stringify(path === "/healthz" ? { status: "starting" } : { error: "Starting up" })
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Starting</title></head><body><main><h1>Starting up</h1><p>The site is getting ready (the first start prepares demo content). This page reloads in a few seconds.</p></main></body></html>';
  res.writeHead(503, {
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": "3",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
