import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import {
  apiLogin,
  clearLoginAttempts,
  startAuthServer,
  useAuthServer,
} from "../support/auth-support";

// TRUST_PROXY is the number of reverse proxies in front of the app. With
// `true` Express trusted every X-Forwarded-For hop, so a client chose its own address and the
// per-address sign-in limits never applied.
describe("TRUST_PROXY as a hop count", () => {
  const suite = useAuthServer();
  const extra: TestServer[] = [];
  afterAll(async () => {
    for (const server of extra) await server.close();
  });
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
  });

  const ipSubjects = async () =>
    (
      await suite.database.db
        .selectFrom("login_attempts")
        .select("subject")
        .where("scope", "=", "ip")
        .execute()
    ).map((r) => r.subject);

  for (const value of ["1", "true"]) {
    it(`TRUST_PROXY=${value}: the address the one proxy saw counts, not one the client wrote`, async () => {
      const server = await startAuthServer(suite.database, { TRUST_PROXY: value });
      extra.push(server);
      // The client sends its own X-Forwarded-For; the proxy appends the address it saw.
      await apiLogin(
        server,
        { email: "a@example.com", password: "wrong password" },
        { "X-Forwarded-For": "198.51.100.77, 203.0.113.5" },
      );
      const subjects = await ipSubjects();
      expect(subjects).toContain("203.0.113.5");
      expect(subjects).not.toContain("198.51.100.77");
    });
  }

  it("TRUST_PROXY=2 reads two hops from the right", async () => {
    const server = await startAuthServer(suite.database, { TRUST_PROXY: "2" });
    extra.push(server);
    await apiLogin(
      server,
      { email: "a@example.com", password: "wrong password" },
      { "X-Forwarded-For": "198.51.100.77, 203.0.113.9, 10.0.0.2" },
    );
    const subjects = await ipSubjects();
    expect(subjects).toContain("203.0.113.9");
    expect(subjects).not.toContain("198.51.100.77");
  });

  it("unset: X-Forwarded-For is ignored and the socket address counts", async () => {
    await apiLogin(
      suite.server,
      { email: "a@example.com", password: "wrong password" },
      { "X-Forwarded-For": "198.51.100.77" },
    );
    const subjects = await ipSubjects();
    expect(subjects).not.toContain("198.51.100.77");
    expect(subjects.some((s) => s.includes("127.0.0.1"))).toBe(true);
  });
});

// The scheme and host come from the same hop as the client address: each proxy appends what it
// saw, so the left-most X-Forwarded-Proto and X-Forwarded-Host values are the client's own, and
// reading them let a client choose the origin the cross-site check compares with and whether HSTS
// is sent (decision 116). Seen from outside: Strict-Transport-Security only for https, and a write
// whose Origin is not the request's own origin refused with 403.
describe("TRUST_PROXY: X-Forwarded-Proto and X-Forwarded-Host per hop", () => {
  const servers = new Map<number, TestServer>();
  beforeAll(async () => {
    for (const hops of [0, 1, 2])
      servers.set(hops, await startTestServer(hops ? { TRUST_PROXY: String(hops) } : {}));
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
  });

  const hsts = async (hops: number, proto: string) =>
    (
      await servers.get(hops)!.fetch("/healthz", { headers: { "X-Forwarded-Proto": proto } })
    ).headers.has("Strict-Transport-Security");

  /**
   * Whether a write from `origin` passes the cross-site check (403 otherwise) for a request
   * forwarded as given. Host carries no port, as a proxy sends it (`proxy_set_header Host $host`).
   */
  const sameOrigin = (hops: number, origin: string, host: string, proto: string) =>
    new Promise<boolean>((resolve, reject) => {
      const request = http.request(
        new URL("/api/admin/login", servers.get(hops)!.url),
        {
          method: "POST",
          headers: {
            Host: "localhost",
            "Content-Type": "application/json",
            Origin: origin,
            "X-Forwarded-Host": host,
            "X-Forwarded-Proto": proto,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode !== 403);
        },
      );
      request.on("error", reject);
      request.end("{}");
    });

  it("TRUST_PROXY=0: every value is ignored", async () => {
    expect(await hsts(0, "https")).toBe(false);
    expect(await hsts(0, "http, https")).toBe(false);
    expect(await sameOrigin(0, "https://site.test", "client.test, site.test", "http, https")).toBe(
      false,
    );
    expect(await sameOrigin(0, "http://localhost", "client.test, site.test", "https")).toBe(true);
  });

  it("TRUST_PROXY=1: the right-most value, not one the client wrote", async () => {
    expect(await hsts(1, "http, https")).toBe(true);
    expect(await hsts(1, "https, http")).toBe(false);
    expect(await sameOrigin(1, "https://site.test", "client.test, site.test", "http, https")).toBe(
      true,
    );
    expect(await sameOrigin(1, "http://client.test", "client.test, site.test", "http, http")).toBe(
      false,
    );
  });

  it("TRUST_PROXY=2: the second value from the right", async () => {
    expect(await hsts(2, "http, https, http")).toBe(true);
    expect(await hsts(2, "https, http, https")).toBe(false);
    // One value for two proxies (the inner one replaced the header): that value.
    expect(await hsts(2, "https")).toBe(true);
    expect(
      await sameOrigin(
        2,
        "https://site.test",
        "client.test, site.test, inner.test",
        "http, https, http",
      ),
    ).toBe(true);
    expect(
      await sameOrigin(
        2,
        "https://inner.test",
        "client.test, site.test, inner.test",
        "http, https, https",
      ),
    ).toBe(false);
  });
});
