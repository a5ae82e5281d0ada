import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { log } from "../platform/log.server";
import { requestHost } from "../platform/request-url.server";

/*
 * A request must name a host (decision 116): the Host header, or behind a trusted proxy the
 * forwarded host its proxy wrote. Without one, or with one that is not a host name (`a b`,
 * `[zz`, a path or user name in it), the app would build an invalid URL for the router and answer
 * 500 with a stack trace in the log. Such requests come from scanners and broken clients: they
 * get a short 400 before anything else runs, and one warning line.
 */

/** RFC 3986's host (a registered name, an IPv4 address or an IP literal) and an optional port. */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=]+)(?::[0-9]{0,5})?$/;

/** Whether `host` is a host name (with its port) that a URL can be built on. */
export function isValidHost(host: string | undefined): host is string {
  return host !== undefined && HOST_SYNTAX.test(host) && URL.canParse(`http://${host}/`);
}

export const BAD_HOST_MESSAGE = "Bad Request: missing or malformed Host header\n";

/** What a client sent, shortened for the log. */
const shown = (value: string | undefined) =>
  value === undefined ? undefined : value.length > 200 ? `${value.slice(0, 200)}…` : value;

function refuseBadHost(req: IncomingMessage, res: ServerResponse, host: string | undefined) {
  log("warn", "bad host refused", {
    method: req.method,
    url: shown(req.url),
    host: shown(host),
    httpVersion: req.httpVersion,
  });
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(BAD_HOST_MESSAGE),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  // A body the request may carry is read into nothing after the answer (lingeringClose).
  res.end(BAD_HOST_MESSAGE);
}

/** The request listener behind a check of the host, read per TRUST_PROXY's hop count. */
export function hostGuard(proxyHops: number, next: RequestListener): RequestListener {
  return (req, res) => {
    const host = requestHost(req.headers, proxyHops);
    if (isValidHost(host)) next(req, res);
    else refuseBadHost(req, res, host);
  };
}
