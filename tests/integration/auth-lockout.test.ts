import { beforeEach, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/rate-limit.server";
import type { TestServer } from "../support/app-server";
import {
  ADMIN,
  clearLoginAttempts,
  cookieNamed,
  ensureTestAdmin,
  useAuthServer,
} from "../support/auth-support";
import { rawRequest } from "../support/support-http";
import { formPost } from "../support/form-post";

// Wrong passwords from elsewhere must not lock the admin out of a browser that has
// signed in before (OWASP device cookies), while guessing stays throttled. The attacker's tries
// come from other loopback addresses (127.0.0.x are all this machine's).
const ADMIN_ADDRESS = "127.0.0.1";
const ATTACKERS = ["127.0.0.2", "127.0.0.3", "127.0.0.4"];

function login(
  server: TestServer,
  from: string,
  body: { email: string; password: string },
  cookie?: string,
) {
  return rawRequest(server.url, "/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
    localAddress: from,
  });
}

function deviceCookieOf(setCookie: string[] | undefined): string {
  const line = (setCookie ?? []).find((l) => l.startsWith("wlx_device="));
  if (!line) throw new Error("no device cookie");
  return line.split(";")[0]!;
}

describe("admin lockout cannot be forced from elsewhere", () => {
  const suite = useAuthServer();
  let device: string;
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    const first = await login(suite.server, ADMIN_ADDRESS, ADMIN);
    expect(first.status).toBe(200);
    device = deviceCookieOf(first.headers["set-cookie"]);
  });

  it("issues a signed, HttpOnly device cookie on sign-in (API and form)", async () => {
    expect(device).toMatch(/^wlx_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const form = await formPost(suite.server, "/admin", ADMIN);
    expect(form.status).toBe(302);
    const cookie = cookieNamed(form, "wlx_device");
    expect(cookie?.attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax"]));
  });

  it("lets the admin's browser in after many failures from other addresses; the attacker stays throttled", async () => {
    for (const from of ATTACKERS) {
      for (let i = 0; i < LOGIN_LIMITS.email_ip; i++) {
        const guess = await login(suite.server, from, {
          email: ADMIN.email,
          password: `guess ${i}`,
        });
        expect(guess.status, `${from} try ${i}`).toBe(401);
      }
      // Guessing is throttled: even the right password is refused from there now.
      const blocked = await login(suite.server, from, ADMIN);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The admin's browser (device cookie) signs in, from its own address or the attacker's.
    expect((await login(suite.server, ADMIN_ADDRESS, ADMIN, device)).status).toBe(200);
    expect((await login(suite.server, ATTACKERS[0]!, ADMIN, device)).status).toBe(200);
    // Even a new browser of the admin on its own address is not blocked by failures elsewhere.
    expect((await login(suite.server, ADMIN_ADDRESS, ADMIN)).status).toBe(200);
  });

  it("keeps the trusted browser working when distributed guessing hits the e-mail-wide cap", async () => {
    const rows = Array.from({ length: LOGIN_LIMITS.email }, () => ({
      scope: "email" as const,
      subject: ADMIN.email,
    }));
    await suite.database.db.insertInto("login_attempts").values(rows).execute();
    expect((await login(suite.server, "127.0.0.9", ADMIN)).status).toBe(429);
    expect((await login(suite.server, "127.0.0.9", ADMIN, device)).status).toBe(200);
  });

  it("ignores forged device cookies and cookies earned for another e-mail", async () => {
    for (let i = 0; i < LOGIN_LIMITS.email_ip; i++) {
      await login(suite.server, ATTACKERS[0]!, { email: ADMIN.email, password: `guess ${i}` });
    }
    const [id, signature] = device.slice("wlx_device=".length).split(".");
    const forged = `wlx_device=${id}.${signature!.slice(0, -2)}AA`;
    expect((await login(suite.server, ATTACKERS[0]!, ADMIN, forged)).status).toBe(429);
    const otherId = `wlx_device=${"A".repeat(22)}.${signature}`;
    expect((await login(suite.server, ATTACKERS[0]!, ADMIN, otherId)).status).toBe(429);

    await ensureTestAdmin(suite.database, "second@example.com", "another long password");
    const second = await login(suite.server, ATTACKERS[1]!, {
      email: "second@example.com",
      password: "another long password",
    });
    const secondDevice = deviceCookieOf(second.headers["set-cookie"]);
    expect((await login(suite.server, ATTACKERS[0]!, ADMIN, secondDevice)).status).toBe(429);
  });

  it("throttles guessing from a trusted device too (its own limit)", async () => {
    for (let i = 0; i < LOGIN_LIMITS.device; i++) {
      const guess = await login(
        suite.server,
        ADMIN_ADDRESS,
        { email: ADMIN.email, password: `guess ${i}` },
        device,
      );
      expect(guess.status).toBe(401);
    }
    expect((await login(suite.server, ADMIN_ADDRESS, ADMIN, device)).status).toBe(429);
  });
});

describe("password changes on /admin/settings are rate limited", () => {
  const suite = useAuthServer();

  it("refuses a sixth try within 15 minutes with 429, even with the right current password", async () => {
    const first = await login(suite.server, ADMIN_ADDRESS, ADMIN);
    const cookie = (first.headers["set-cookie"] ?? []).map((l) => l.split(";")[0]).join("; ");
    const change = (currentPassword: string) =>
      formPost(
        suite.server,
        "/admin/settings",
        {
          currentPassword,
          newPassword: "a brand new passphrase",
          confirmPassword: "a brand new passphrase",
        },
        { Cookie: cookie },
      );
    for (let i = 0; i < LOGIN_LIMITS.password; i++) {
      const wrong = await change(`not my password ${i}`);
      expect(wrong.status).toBe(400);
    }
    const limited = await change(ADMIN.password);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many password change attempts");
    // Nothing changed: the old password still signs in.
    expect((await login(suite.server, ADMIN_ADDRESS, ADMIN)).status).toBe(200);
  });
});
