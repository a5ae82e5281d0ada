import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import {
  ADMIN,
  apiLogin,
  clearLoginAttempts,
  cookieHeader,
  cookieNamed,
  ensureTestAdmin,
  signedInCookie,
  startAuthServer,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

// This file times argon2id itself (a wrong password against an unknown e-mail), so its passwords
// are hashed at the full production cost, not the suites' cheap one (decision 152).
vi.stubEnv("UNSAFE_TEST_PASSWORD_HASHING", "0");

const SESSION = "wlx_session";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe("sign-in and sign-out over HTTP", () => {
  const suite = useAuthServer();
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
  });

  it("POST /api/admin/login: 200 {success:true} and an HttpOnly, SameSite=Lax session cookie", async () => {
    const response = await apiLogin(suite.server, { email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const cookie = cookieNamed(response, SESSION)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]),
    );
    expect(cookie.attributes).not.toContain("Secure"); // plain HTTP
    const row = await suite.database.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("id_hash", "=", sha256(cookie.value))
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  it("answers a wrong password and an unknown e-mail with the same 401, in similar time", async () => {
    const wrong = () =>
      apiLogin(suite.server, { email: ADMIN.email, password: "not the password" });
    const unknown = (i: number) =>
      apiLogin(suite.server, { email: `nobody${i}@example.com`, password: "not the password" });
    const a = await wrong();
    const b = await unknown(0);
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.json()).toEqual({ success: false, error: "Invalid credentials" });
    expect(await b.json()).toEqual({ success: false, error: "Invalid credentials" });
    expect(cookieNamed(a, SESSION)).toBeUndefined();

    const time = async (run: () => Promise<Response>) => {
      const started = performance.now();
      await (await run()).arrayBuffer();
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 1; i <= 3; i++) {
      known.push(await time(wrong));
      unknownTimes.push(await time(() => unknown(i)));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    const ratio = median(unknownTimes) / median(known);
    // Both do one argon2id verification; an early return for unknown e-mails would be ~10x faster.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it.each([
    ["not JSON", "{email:"],
    ["a JSON array", "[]"],
    ["no password", JSON.stringify({ email: ADMIN.email })],
    ["a malformed e-mail", JSON.stringify({ email: "owner", password: "x" })],
    ["an empty body", ""],
  ])("answers %s with 400 and an error", async (_label, body) => {
    const response = await apiLogin(suite.server, body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { success: boolean; error: string };
    expect(json.success).toBe(false);
    expect(json.error).toEqual(expect.any(String));
    expect(json.error.length).toBeGreaterThan(0);
  });

  it("rotates the session id on login: the earlier session row is deleted", async () => {
    const first = await signedInCookie(suite.server);
    const response = await apiLogin(suite.server, ADMIN, { Cookie: first });
    const second = cookieNamed(response, SESSION)!.value;
    const firstId = first.split("=")[1]!;
    expect(second).not.toBe(firstId);
    expect(
      await suite.database.db
        .selectFrom("sessions")
        .where("id_hash", "=", sha256(firstId))
        .select("id_hash")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: first } })).headers.get(
        "Location",
      ),
    ).toBe("/admin");
  });

  it("POST /api/admin/logout deletes the session row and expires the cookie, signed in or not", async () => {
    const cookie = await signedInCookie(suite.server);
    const id = cookie.split("=")[1]!;
    const out = await suite.server.fetch("/api/admin/logout", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    const cleared = cookieNamed(out, SESSION)!;
    expect(cleared.value).toBe("");
    expect(cleared.attributes).toEqual(
      expect.arrayContaining(["Max-Age=0", "HttpOnly", "SameSite=Lax"]),
    );
    expect(
      await suite.database.db
        .selectFrom("sessions")
        .where("id_hash", "=", sha256(id))
        .select("id_hash")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: cookie } })).status,
    ).toBe(302);

    const callers: Record<string, string>[] = [
      {},
      { Cookie: cookie },
      { Cookie: `${SESSION}=made-up` },
    ];
    for (const headers of callers) {
      const again = await suite.server.fetch("/api/admin/logout", { method: "POST", headers });
      expect(again.status).toBe(200);
      expect(cookieNamed(again, SESSION)?.attributes).toContain("Max-Age=0");
    }
  });

  it("sends a signed-in admin who opens /admin to /admin/dashboard, and shows the login screen otherwise", async () => {
    const cookie = await signedInCookie(suite.server);
    const signedIn = await suite.server.fetch("/admin", { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/dashboard");
    const anonymous = await suite.server.fetch("/admin");
    expect(anonymous.status).toBe(200);
    const html = await anonymous.text();
    expect(html).toMatch(
      /<input[^>]*type="email"[^>]*name="email"|<input[^>]*name="email"[^>]*type="email"/,
    );
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).toContain(">Sign In</button>");
  });

  describe("without JavaScript (plain form POST to /admin)", () => {
    it("signs in, sets the session and a flash cookie, and redirects to /admin/dashboard with the message", async () => {
      const response = await formPost(suite.server, "/admin", {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/dashboard");
      expect(cookieNamed(response, SESSION)?.attributes).toContain("HttpOnly");
      const page = await suite.server.fetch("/admin/dashboard", {
        headers: { Cookie: cookieHeader(response) },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Successfully logged in!");
      expect(html).toContain(ADMIN.email); // the sidebar shows who is signed in
      expect(html).toContain("Manage Packages");
      // The flash is shown once: its cookie is consumed.
      expect(cookieNamed(page, "wlx_flash")?.attributes).toContain("Max-Age=0");
    });

    it("shows the error on the page with the status of the failure", async () => {
      const response = await formPost(suite.server, "/admin", {
        email: ADMIN.email,
        password: "wrong password",
      });
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Invalid credentials");
      expect(html).toContain(`value="${ADMIN.email}"`);
      expect(cookieNamed(response, SESSION)).toBeUndefined();
      const bad = await formPost(suite.server, "/admin", { email: "nope", password: "" });
      expect(bad.status).toBe(400);
    });

    it("signs out from the sidebar's form: row deleted, cookie expired, back to /admin", async () => {
      const cookie = await signedInCookie(suite.server);
      const dashboard = await (
        await suite.server.fetch("/admin/dashboard", { headers: { Cookie: cookie } })
      ).text();
      const form = /<form[^>]*action="\/admin\/sign-out"[^>]*>/.exec(dashboard)?.[0];
      expect(form).toMatch(/method="post"/);
      expect(dashboard).toContain(">Sign Out</button>");
      const out = await formPost(suite.server, "/admin/sign-out", {}, { Cookie: cookie });
      expect(out.status).toBe(302);
      expect(out.headers.get("Location")).toBe("/admin");
      expect(cookieNamed(out, SESSION)?.attributes).toContain("Max-Age=0");
      expect(
        (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: cookie } })).headers.get(
          "Location",
        ),
      ).toBe("/admin");
      // GET never signs anybody out.
      const other = await signedInCookie(suite.server);
      expect(
        (await suite.server.fetch("/admin/sign-out", { headers: { Cookie: other } })).headers.get(
          "Location",
        ),
      ).toBe("/admin");
      expect(
        (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: other } })).status,
      ).toBe(200);
    });
  });
});

describe("HTTPS behind a proxy", () => {
  let database: TestDatabase;
  let trusting: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await ensureTestAdmin(database);
    trusting = await startAuthServer(database, { TRUST_PROXY: "true" });
    direct = await startAuthServer(database);
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
    await database?.close();
  });

  it("marks the cookie Secure and sends HSTS when a trusted proxy says HTTPS", async () => {
    const response = await apiLogin(trusting, ADMIN, { "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(200);
    expect(cookieNamed(response, SESSION)?.attributes).toContain("Secure");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });

  it("ignores X-Forwarded-Proto without TRUST_PROXY", async () => {
    const response = await apiLogin(direct, ADMIN, { "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(200);
    expect(cookieNamed(response, SESSION)?.attributes).not.toContain("Secure");
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });
});
