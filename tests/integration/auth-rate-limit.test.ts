import { beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN,
  apiLogin,
  clearLoginAttempts,
  startAuthServer,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

// The counting rules themselves (5 per e-mail, 20 per IP, reset on success) are proven on both
// backends in auth-repository.test.ts; this suite proves the HTTP answers and the persistence.
describe("login rate limiting over HTTP", () => {
  const suite = useAuthServer();
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
  });

  it("answers 429 with a clear message and Retry-After after 5 failures, and the limit survives a restart", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await apiLogin(suite.server, { email: ADMIN.email, password: `wrong ${i}` })).status,
      ).toBe(401);
    }
    const limited = await apiLogin(suite.server, ADMIN);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await limited.json()).toEqual({
      success: false,
      error: expect.stringMatching(
        /^Too many sign-in attempts\. Please try again in 1[45] minutes\.$/,
      ),
    });

    const form = await formPost(suite.server, "/admin", ADMIN);
    expect(form.status).toBe(429);
    expect(form.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await form.text()).toContain("Too many sign-in attempts");

    await suite.server.close();
    suite.server = await startAuthServer(suite.database);
    expect((await apiLogin(suite.server, ADMIN)).status).toBe(429);
  });

  it("counts per client IP as Express sees it: X-Forwarded-For only with TRUST_PROXY", async () => {
    const proxied = await startAuthServer(suite.database, { TRUST_PROXY: "true" });
    try {
      await apiLogin(
        proxied,
        { email: "a@example.com", password: "wrong" },
        { "X-Forwarded-For": "203.0.113.5" },
      );
      await apiLogin(
        suite.server,
        { email: "b@example.com", password: "wrong" },
        { "X-Forwarded-For": "203.0.113.6" },
      );
      const ips = await suite.database.db
        .selectFrom("login_attempts")
        .select("subject")
        .where("scope", "=", "ip")
        .execute();
      const subjects = ips.map((r) => r.subject);
      expect(subjects).toContain("203.0.113.5");
      expect(subjects).not.toContain("203.0.113.6");
      expect(subjects.some((s) => s.includes("127.0.0.1"))).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
