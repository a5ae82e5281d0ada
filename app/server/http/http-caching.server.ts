import type { OutgoingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { hasPrivateCookie } from "../site/page-cache.server";

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * A response that sets or clears a cookie (a sign-in, a consumed flash message) or answers a
 * signed-in admin is for that browser alone: `private, no-store` (unless it already says no-store)
 * and `Vary: Cookie`, whatever the route asked for, so neither a CDN nor the browser's shared history keeps it. Applied when the
 * headers go out, so it holds for every route, resource routes and errors included.
 */
export function privateWhenPersonal(req: Request, res: Response, next: NextFunction) {
  const personalRequest = hasPrivateCookie(req.get("Cookie"));
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    const inline = args.find((a) => typeof a === "object" && a !== null && !Array.isArray(a)) as
      OutgoingHttpHeaders | undefined;
    const setsCookie =
      this.getHeader("Set-Cookie") !== undefined ||
      Object.keys(inline ?? {}).some((name) => name.toLowerCase() === "set-cookie");
    const alreadyUnstored = /\bno-store\b/i.test(String(this.getHeader("Cache-Control") ?? ""));
    if ((setsCookie || personalRequest) && !alreadyUnstored) {
      this.setHeader("Cache-Control", PRIVATE_NO_STORE);
      if (inline) {
        for (const name of Object.keys(inline)) {
          if (name.toLowerCase() === "cache-control") delete inline[name];
        }
      }
    }
    if (setsCookie || personalRequest) this.vary("Cookie");
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
}
