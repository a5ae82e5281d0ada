import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { TestServer } from "../support/app-server";
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
