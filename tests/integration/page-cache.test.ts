import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { rawRequest } from "../support/raw-http";
import { signedOutFlash, startApiHarness, type ApiHarness } from "../support/api-harness";

const nonceOf = (header: string | null | undefined) => /'nonce-([^']+)'/.exec(header ?? "")?.[1];

/** Two app instances on one PostgreSQL database, as behind a load balancer. */
describe("page cache over HTTP, two instances on one PostgreSQL", () => {
  let h: ApiHarness;
  let other: TestServer;
  beforeAll(async () => {
    h = await startApiHarness();
    other = await startTestServer({ DATABASE_URL: h.database.url });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await h?.close();
  });

  const state = (res: Response) => res.headers.get("x-page-cache");

  it("serves the home page from memory, compressed, with a fresh nonce in every response", async () => {
    expect(state(await h.get("/"))).toBe("miss");
    // A content change notified late (the start's writes) drops a render in progress instead of
    // storing it; warm until the page is stored.
    for (let i = 0; i < 40 && state(await h.get("/")) !== "hit"; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const responses = await Promise.all(
      [1, 2, 3].map(() => rawRequest(`${h.server.url}/`, { "accept-encoding": "gzip, br" })),
    );
    const seen = new Set<string>();
    for (const res of responses) {
      expect(res.headers["x-page-cache"]).toBe("hit");
      expect(res.headers["content-encoding"]).toBe("br");
      const nonce = nonceOf(res.headers["content-security-policy"] as string)!;
      const html = brotliDecompressSync(res.body).toString();
      const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inPage]).toEqual([nonce]);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it("caches .data requests and HEAD too", async () => {
    const data = "/upcoming-trips.data";
    await h.get(data);
    const hit = await h.get(data);
    expect(state(hit)).toBe("hit");
    expect(hit.headers.get("content-type")).toMatch(/text\/x-script/);
    const head = await h.get("/", { method: "HEAD" });
    expect(state(head)).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("sends public pages with a short s-maxage, stale-while-revalidate and an ETag", async () => {
    const res = await h.get("/about");
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    expect(res.headers.get("cache-control")).toMatch(/stale-while-revalidate=\d+/);
    const etag = res.headers.get("etag")!;
    const again = await h.get("/about", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("a signed-in admin bypasses it, gets private responses, and does not fill it", async () => {
    const admin = await h.get("/local-trips", { admin: true });
    expect(state(admin)).toBe("bypass");
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
    expect(admin.headers.get("vary")).toMatch(/Cookie/);
    expect(state(await h.get("/local-trips"))).toBe("miss");
  });

  it("a flash message is private, no-store, never from or into the cache", async () => {
    // A real flash, signed by the server (a made-up one is answered from the cache: decision
    // 083), from signing out, so it is bound to no session (decision 084).
    const flash = await signedOutFlash(h);
    expect(flash).toBeTruthy();
    const res = await h.get("/", { headers: { Cookie: `wlx_flash=${flash}` } });
    expect(state(res)).toBe("bypass");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    expect(state(await h.get("/"))).not.toBe("bypass");
  });

  it("a publish through one instance shows on the next request to either", async () => {
    const title = `Fjord Kayak ${Date.now()}`;
    for (const server of [h.server, other]) {
      await server.fetch("/upcoming-trips");
      const warm = await server.fetch("/upcoming-trips");
      expect(state(warm)).toBe("hit");
      expect(await warm.text()).not.toContain(title);
    }
    const created = await h.send("POST", "/api/trips", {
      title,
      price: "$1,200",
      status: "draft",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // A draft changes nothing a visitor sees, but it is a content write: both caches dropped.
    const published = await h.send("PUT", `/api/trips/${id}`, {
      title,
      price: "$1,200",
      status: "published",
    });
    expect(published.status).toBe(200);

    const onOther = await other.fetch("/upcoming-trips");
    expect(state(onOther)).toBe("miss");
    expect(await onOther.text()).toContain(title);
    const onSame = await h.server.fetch("/upcoming-trips");
    expect(await onSame.text()).toContain(title);

    // And the other way round: unpublished through the second instance.
    expect(state(await h.server.fetch("/upcoming-trips"))).toBe("hit");
    const cookie = h.cookie;
    const unpublish = await other.fetch(`/api/trips/${id}`, {
      method: "PUT",
      body: JSON.stringify({ title, price: "$1,200", status: "draft" }),
      headers: {
        "Content-Type": "application/json",
        Origin: other.url,
        "Sec-Fetch-Site": "same-origin",
        Cookie: cookie,
      },
    });
    expect(unpublish.status).toBe(200);
    expect(await (await h.server.fetch("/upcoming-trips")).text()).not.toContain(title);
  });
});
