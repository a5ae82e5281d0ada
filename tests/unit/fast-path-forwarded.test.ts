import type { IncomingMessage } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { hostnameOf, isSecure } from "~/server/http/page-cache-fast-path.server";

// The page cache's fast path answers before Express (decision 109) yet must read the host and the
// scheme exactly as Express does under "trust proxy": a different host name would key another
// page, a different scheme would change Strict-Transport-Security. Each case is read both ways.

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

describe("the fast path's host and scheme match Express's", () => {
  for (const setting of [false, 1, 2, "loopback"] as const) {
    it(`with trust proxy ${String(setting)}`, () => {
      const app = express();
      app.set("trust proxy", setting);
      const trust = app.get("trust proxy fn") as (
        address: string | undefined,
        i: number,
      ) => boolean;
      for (const c of CASES) {
        const req = expressRequest(app, c);
        const trusted = trust(c.remoteAddress ?? "127.0.0.1", 0);
        const label = JSON.stringify(c);
        expect(hostnameOf(rawRequest(c), trusted), label).toBe(req.hostname);
        expect(isSecure(rawRequest(c), trusted), label).toBe(req.secure);
      }
    });
  }

  it("the cases cover both answers of each reading", () => {
    const app = express();
    app.set("trust proxy", 1);
    const hosts = new Set(CASES.map((c) => expressRequest(app, c).hostname));
    const secure = new Set(CASES.map((c) => expressRequest(app, c).secure));
    expect(hosts).toEqual(
      new Set(["wanderlux.test", "[::1]", undefined, "a.test", "b.test", "[2001:db8::1]"]),
    );
    expect(secure).toEqual(new Set([true, false]));
  });
});
