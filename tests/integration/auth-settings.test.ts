import { describe, expect, it } from "vitest";
import {
  ADMIN,
  apiLogin,
  cookieHeader,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const NEW_PASSWORD = "a completely new passphrase";

describe("/admin/settings", () => {
  const suite = useAuthServer();

  it("shows the account's real e-mail addresses and account information (no sample data), and the password form", async () => {
    const html = await (
      await suite.server.fetch("/admin/settings", {
        headers: { Cookie: await signedInCookie(suite.server) },
      })
    ).text();
    expect(html).not.toContain("Sample data");
    for (const text of [ADMIN.email, "Primary", "Verified", "Add Email", "Member since"]) {
      expect(html).toContain(text);
    }
    const { id } = await suite.database.db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(html).toContain(id);
    expect(html).toContain('name="currentPassword"');
    expect(html).toContain('name="newPassword"');
  });

  it("refuses a wrong current password and a short new one, with the reason on the page", async () => {
    const cookie = await signedInCookie(suite.server);
    const wrong = await formPost(
      suite.server,
      "/admin/settings",
      {
        currentPassword: "not it at all",
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      { Cookie: cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is incorrect");
    const short = await formPost(
      suite.server,
      "/admin/settings",
      { currentPassword: ADMIN.password, newPassword: "too short", confirmPassword: "too short" },
      { Cookie: cookie },
    );
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");
    expect((await apiLogin(suite.server, ADMIN)).status).toBe(200);
  });

  it("changes the password without JavaScript, keeps this session and ends the others", async () => {
    const mine = await signedInCookie(suite.server);
    const other = await signedInCookie(suite.server);
    const changed = await formPost(
      suite.server,
      "/admin/settings",
      { currentPassword: ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { Cookie: mine },
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/admin/settings");
    const page = await suite.server.fetch("/admin/settings", {
      headers: { Cookie: `${mine}; ${cookieHeader(changed)}` },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Password changed.");
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: other } })).headers.get(
        "Location",
      ),
    ).toBe("/admin");
    expect((await apiLogin(suite.server, ADMIN)).status).toBe(401);
    expect(
      (await apiLogin(suite.server, { email: ADMIN.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
    const { password_hash } = await suite.database.db
      .selectFrom("admins")
      .select("password_hash")
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$/);
  });
});
