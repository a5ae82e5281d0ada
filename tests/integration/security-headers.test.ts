import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/app-server";
import { signedInCookie, startAuthServer, useAuthServer } from "../support/auth-support";

const csp = (response: Response) => {
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return Object.fromEntries(
    header.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
};

function expectBaseHeaders(response: Response, label: string) {
  const policy = csp(response);
  expect(policy["frame-ancestors"], label).toEqual(["'none'"]);
  expect(policy["object-src"], label).toEqual(["'none'"]);
  expect(
    policy["script-src"]?.some((v) => v.startsWith("'nonce-")),
    label,
  ).toBe(true);
  expect(policy["script-src"], label).not.toContain("'unsafe-inline'");
  expect(policy["frame-src"], label).toEqual([
    "https://www.youtube-nocookie.com",
    "https://player.vimeo.com",
  ]);
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), label).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Permissions-Policy"), label).toMatch(/camera=\(\)/);
  expect(response.headers.get("Strict-Transport-Security"), label).toBeNull(); // plain HTTP
}

describe("security headers", () => {
  const suite = useAuthServer();
  let s3: TestServer;
  beforeAll(async () => {
    s3 = await startAuthServer(suite.database, {
      S3_BUCKET: "media",
      S3_PUBLIC_URL: "https://cdn.example.com/media",
    });
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("are on every response: pages, static files, health, API answers and errors", async () => {
    for (const [path, init] of [
      ["/", {}],
      ["/admin", {}],
      ["/admin/dashboard", {}],
      ["/favicon.svg", {}],
      ["/healthz", {}],
      ["/no-such-page", {}],
      ["/api/admin/logout", { method: "POST" }],
    ] as const) {
      const response = await suite.server.fetch(path, init);
      expectBaseHeaders(response, path);
    }
  });

  it("use a fresh nonce per request, carried by every script tag of the page", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/admin", "/admin"]) {
      const response = await suite.server.fetch(path);
      const scriptSrc = csp(response)["script-src"]!;
      const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))!.slice(7, -1);
      expect(nonce.length).toBeGreaterThanOrEqual(22); // 128 bits, base64
      nonces.add(nonce);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });

  it("allow the S3 media host for images and video when media lives there", async () => {
    const policy = csp(await s3.fetch("/"));
    expect(policy["img-src"]).toContain("https://cdn.example.com");
    expect(policy["media-src"]).toContain("https://cdn.example.com");
    expect(csp(await suite.server.fetch("/"))["img-src"]).not.toContain("https://cdn.example.com");
  });

  it("admin and public pages carry no inline event handlers", async () => {
    const cookie = await signedInCookie(suite.server);
    for (const path of [
      "/",
      "/admin",
      "/admin/dashboard",
      "/admin/local",
      "/admin/travel-moments",
      "/admin/settings",
    ]) {
      const html = await (
        await suite.server.fetch(path, { headers: path === "/admin" ? {} : { Cookie: cookie } })
      ).text();
      expect(html, path).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(html, path).not.toMatch(/href="javascript:/i);
    }
  });

  it("admin pages are never cached", async () => {
    const cookie = await signedInCookie(suite.server);
    const response = await suite.server.fetch("/admin/settings", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await suite.server.fetch("/admin")).headers.get("Cache-Control")).toBe("no-store");
  });
});
