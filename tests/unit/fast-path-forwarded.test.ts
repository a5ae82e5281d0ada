import type { IncomingMessage } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { hostnameOf, isSecure } from "~/server/http/page-cache-fast-path.server";
import { forwardedValue, readForwardedPerHop } from "~/server/platform/request-url.server";

// The page cache's fast path answers before Express (decision 109) yet must read the host and the
// scheme exactly as the Express app does behind TRUST_PROXY proxies: a different host name would
// key another page, a different scheme would change Strict-Transport-Security. Each case is read
// both ways.

interface Case {
  headers: Record<string, string>;
  remoteAddress?: string;
  encrypted?: boolean;
}

const CASES: Case[] = [
  { headers: { host: "wanderlux.test" } },
  { headers: { host: "wanderlux.test:8080" } },
  { headers: { host: "[::1]:8080" } },
  { headers: { host: "[::1]" } },
  { headers: {} },
  { headers: { host: "" } },
  { headers: { host: "a.test", "x-forwarded-host": "b.test" } },
  { headers: { host: "a.test", "x-forwarded-host": "b.test:9000, c.test" } },
  { headers: { host: "a.test", "x-forwarded-host": "b.test  , c.test" } },
  { headers: { host: "a.test", "x-forwarded-host": "" } },
  { headers: { host: "a.test", "x-forwarded-host": "[2001:db8::1]:443" } },
  { headers: { host: "a.test", "x-forwarded-proto": "https" } },
  { headers: { host: "a.test", "x-forwarded-proto": " https , http" } },
  { headers: { host: "a.test", "x-forwarded-proto": "http, https" } },
  { headers: { host: "a.test", "x-forwarded-proto": "HTTPS" } },
  { headers: { host: "a.test", "x-forwarded-proto": "" } },
  { headers: { host: "a.test" }, encrypted: true },
  { headers: { host: "a.test", "x-forwarded-proto": "http" }, encrypted: true },
  { headers: { host: "a.test", "x-forwarded-host": "b.test" }, remoteAddress: "::ffff:10.0.0.1" },
];

/** An Express request over a made-up socket, as app.handle makes one (its prototype swap). */
function expressRequest(app: express.Express, c: Case): express.Request {
  const socket = { remoteAddress: c.remoteAddress ?? "127.0.0.1", encrypted: c.encrypted };
  return Object.assign(Object.create(app.request) as express.Request, {
    headers: c.headers,
    socket,
  });
}

const rawRequest = (c: Case) =>
  ({
    headers: c.headers,
    socket: { remoteAddress: c.remoteAddress ?? "127.0.0.1", encrypted: c.encrypted },
  }) as unknown as IncomingMessage;

/** An app as server/app.ts makes it: "trust proxy" as a hop count, forwarded values per hop. */
function appWith(hops: number): express.Express {
  const app = express();
  if (hops > 0) app.set("trust proxy", hops);
  readForwardedPerHop(app);
  return app;
}

describe("the fast path's host and scheme match Express's", () => {
  for (const hops of [0, 1, 2]) {
    it(`with TRUST_PROXY=${hops}`, () => {
      const app = appWith(hops);
      for (const c of CASES) {
        const req = expressRequest(app, c);
        const label = JSON.stringify(c);
        expect(hostnameOf(rawRequest(c), hops), label).toBe(req.hostname);
        expect(isSecure(rawRequest(c), hops), label).toBe(req.secure);
      }
    });
  }

  it("the cases cover both answers of each reading", () => {
    const app = appWith(1);
    const hosts = new Set(CASES.map((c) => expressRequest(app, c).hostname));
    const secure = new Set(CASES.map((c) => expressRequest(app, c).secure));
    expect(hosts).toEqual(
      new Set([
        "wanderlux.test",
        "[::1]",
        undefined,
        "a.test",
        "b.test",
        "c.test",
        "[2001:db8::1]",
      ]),
    );
    expect(secure).toEqual(new Set([true, false]));
  });
});

// Each proxy appends what it saw, so the left-most values are the client's own: the value that
// counts is the one the outermost trusted proxy wrote, TRUST_PROXY hops from the right, as for the
// client address (decision 116).
describe("forwarded values are read per hop, from the right", () => {
  const HOSTS = "client.test, outer.test, inner.test";
  const PROTOS = "https, http, https";
  const expected: Record<number, { hostname: string; protocol: string; host: string }> = {
    0: { hostname: "a.test", protocol: "http", host: "a.test:8080" },
    1: { hostname: "inner.test", protocol: "https", host: "inner.test" },
    2: { hostname: "outer.test", protocol: "http", host: "outer.test" },
    3: { hostname: "client.test", protocol: "https", host: "client.test" },
    // Fewer values than hops (proxies that replace the header): the left-most.
    5: { hostname: "client.test", protocol: "https", host: "client.test" },
  };
  for (const [hops, want] of Object.entries(expected)) {
    it(`TRUST_PROXY=${hops}`, () => {
      const c: Case = {
        headers: { host: "a.test:8080", "x-forwarded-host": HOSTS, "x-forwarded-proto": PROTOS },
      };
      const req = expressRequest(appWith(Number(hops)), c);
      expect({ hostname: req.hostname, protocol: req.protocol, host: req.host }).toEqual(want);
      expect(req.secure).toBe(want.protocol === "https");
      expect(hostnameOf(rawRequest(c), Number(hops))).toBe(want.hostname);
      expect(isSecure(rawRequest(c), Number(hops))).toBe(want.protocol === "https");
    });
  }

  it("an empty value is no value", () => {
    expect(forwardedValue("a.test, ", 1)).toBeUndefined();
    expect(forwardedValue(" , b.test", 2)).toBeUndefined();
    expect(forwardedValue("b.test", 0)).toBeUndefined();
    expect(forwardedValue(undefined, 1)).toBeUndefined();
    expect(forwardedValue(["a.test", "b.test"], 1)).toBe("b.test");
  });
});
