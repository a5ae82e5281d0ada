import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type express from "express";

/*
 * The scheme and host of a request, read per TRUST_PROXY's hop count (decisions 080 and 116).
 * Each proxy appends what it saw to X-Forwarded-Proto and X-Forwarded-Host as it does to
 * X-Forwarded-For, so the values a client wrote itself come first: behind `hops` proxies the
 * value that counts is the `hops`-th from the right, the one the outermost trusted proxy wrote
 * (the same hop Express reads the client address from). Express itself reads the left-most value,
 * the client's; `readForwardedPerHop` makes an Express app read them as the fast path does.
 */

/**
 * The value of a forwarded header that the outermost of `hops` trusted proxies wrote: the
 * `hops`-th from the right, or the left-most when there are fewer values (proxies that replace
 * the header rather than append to it). Undefined with no trusted proxy, or an empty value.
 */
export function forwardedValue(
  header: string | string[] | undefined,
  hops: number,
): string | undefined {
  if (hops <= 0 || header === undefined) return undefined;
  const values = (Array.isArray(header) ? header.join(",") : header).split(",");
  return values[Math.max(0, values.length - hops)]!.trim() || undefined;
}

/** The host a request names, with its port: behind a trusted proxy the forwarded one, else Host. */
export function requestHost(headers: IncomingHttpHeaders, hops: number): string | undefined {
  return forwardedValue(headers["x-forwarded-host"], hops) ?? (headers.host || undefined);
}

/** A host without its port, as Express's `req.hostname` cuts it (IPv6 literals keep brackets). */
export function hostnameOfHost(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const offset = host[0] === "[" ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", offset);
  return colon !== -1 ? host.substring(0, colon) : host;
}

/** The scheme: behind a trusted proxy the forwarded one, else that of the connection. */
export function requestProtocol(req: IncomingMessage, hops: number): string {
  return (
    forwardedValue(req.headers["x-forwarded-proto"], hops) ??
    ((req.socket as Partial<TLSSocket>).encrypted ? "https" : "http")
  );
}

/** The hop count an Express app trusts ("trust proxy" as a number; `true` trusts every hop). */
export function proxyHopsOf(app: express.Application): number {
  const setting: unknown = app.get("trust proxy");
  if (typeof setting === "number") return setting;
  return app.enabled("trust proxy") ? Number.POSITIVE_INFINITY : 0;
}

/**
 * Makes `req.protocol`, `req.secure`, `req.host` and `req.hostname` of an Express app read the
 * forwarded headers per its hop count ("trust proxy" set to a number first); Express's `req.ip`
 * already does.
 */
export function readForwardedPerHop(app: express.Express): void {
  const getters: Record<string, (req: express.Request) => unknown> = {
    protocol: (req) => requestProtocol(req, proxyHopsOf(req.app)),
    host: (req) => requestHost(req.headers, proxyHopsOf(req.app)),
    hostname: (req) => hostnameOfHost(requestHost(req.headers, proxyHopsOf(req.app))),
  };
  for (const [name, read] of Object.entries(getters)) {
    Object.defineProperty(app.request, name, {
      configurable: true,
      enumerable: true,
      get(this: express.Request) {
        return read(this);
      },
    });
  }
}

/**
 * The full URL of an Express request, as React Router sees it: the host (with its port, and the
 * forwarded one behind a trusted proxy), the protocol and the original URL. Used by the request
 * handler (app/server/http) and the page cache (app/server/site).
 */
export function urlOf(req: express.Request): URL {
  const [, forwardedPort] =
    forwardedValue(req.headers["x-forwarded-host"], proxyHopsOf(req.app))?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((p) => Number.parseInt(p ?? "", 10))
    .find((p) => Number.isSafeInteger(p));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}
