import { describe, expect, it } from "vitest";
import { signedOutFlash, registerApiHarness } from "../support/api-harness";

// Decision 083: only a session cookie of a live session, or a flash cookie
// this server signed, skips the page cache. A made-up one is answered from the cache like any
// anonymous request, so it no longer pushes the server onto its slow path.
const h = registerApiHarness();

const state = (res: Response) => res.headers.get("x-page-cache");
const page = (cookie: string) => h.get("/about", { headers: { Cookie: cookie } });

describe("the page cache and private cookies", () => {
  it("answers a made-up session cookie from the cache", async () => {
    await h.get("/about");
    const forged = `wlx_session=${"A".repeat(43)}`;
    const first = await page(forged);
    expect(state(first)).toBe("hit");
    expect(first.status).toBe(200);
    // Still personal as far as other caches go: never stored by a CDN or the browser's history.
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    // And cleared, so the browser stops sending it.
    expect(first.headers.get("set-cookie")).toMatch(/^wlx_session=; Path=\/;.*Max-Age=0/);
    for (const cookie of [
      "wlx_session=",
      "wlx_session=x; other=1",
      `wlx_session=${"b".repeat(200)}`,
    ])
      expect(state(await page(cookie)), cookie).toBe("hit");
  });

  it("answers a made-up or altered flash cookie from the cache", async () => {
    await h.get("/about");
    const unsigned = Buffer.from(
      JSON.stringify({ type: "success", message: "Planted", id: "x" }),
    ).toString("base64url");
    const badSig = Buffer.from(
      JSON.stringify({ type: "success", message: "Planted", id: "x", sig: "AAAA" }),
    ).toString("base64url");
    for (const value of [unsigned, badSig, "not-base64-json"])
      expect(state(await page(`wlx_flash=${value}`)), value).toBe("hit");
  });

  it("bypasses it for a live session, and not once the session is gone", async () => {
    expect(state(await h.get("/about", { admin: true }))).toBe("bypass");
    await h.database.db.deleteFrom("sessions").execute();
    expect(state(await h.get("/about", { admin: true }))).toBe("hit");
  });

  it("bypasses it for a flash cookie this server signed (for this browser, still fresh)", async () => {
    // A real flash, signed by the server (a made-up one is answered from the cache: decision
    // 083), from signing out, so it is bound to no session (decision 084).
    const flash = await signedOutFlash(h);
    expect(flash).toBeTruthy();
    const res = await page(`wlx_flash=${flash}`);
    expect(state(res)).toBe("bypass");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});
