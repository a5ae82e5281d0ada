import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { listEvents } from "~/server/events/events.server";
import { linkFrom, tokenOf, useSmtpServer } from "../support/smtp-server";
import {
  apiLogin,
  clearLoginAttempts,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const PASSWORD = "correct horse battery staple";

describe("Settings → E-mail addresses", () => {
  const env: Record<string, string> = { PUBLIC_URL: "http://wanderlux.test" };
  const smtp = useSmtpServer(env);
  const suite = useAuthServer(env);
  let n = 0;
  let email: string;
  let adminId: string;
  let cookie: string;
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    email = `addresses${++n}@example.com`;
    adminId = (await createAdmin(suite.database.db, email, PASSWORD)).id;
    cookie = await signedInCookie(suite.server, email, PASSWORD);
  });

  const settings = (fields: Record<string, string>, as = cookie) =>
    formPost(suite.server, "/admin/settings", fields, { Cookie: as });
  const page = async (as = cookie) =>
    (await suite.server.fetch("/admin/settings", { headers: { Cookie: as } })).text();
  const rowOf = (address: string) =>
    suite.database.db
      .selectFrom("admin_emails")
      .selectAll()
      .where("email", "=", address)
      .executeTakeFirst();

  /** Adds an address and returns its link's path, as e-mailed. */
  async function add(address: string, as = cookie): Promise<string> {
    const seen = smtp().messages.length;
    const response = await settings({ intent: "email-add", email: address }, as);
    expect(response.status).toBe(302);
    const message = await smtp().nextMessage(seen);
    expect(message.to).toEqual([address]);
    return linkFrom(message, "http://wanderlux.test/admin/verify-email");
  }
  const confirm = (link: string) => formPost(suite.server, link, { token: tokenOf(link) });

  it("adds a pending address, verifies it by its link, then signs in with it and makes it primary", async () => {
    const extra = `second${n}@example.com`;
    const link = await add(extra);
    let html = await page();
    expect(html).toMatch(new RegExp(`${extra}</span>.*?Pending Verification`));
    // Pending: no sign-in with it, and it cannot become primary.
    expect((await apiLogin(suite.server, { email: extra, password: PASSWORD })).status).toBe(401);
    const early = await settings({
      intent: "email-make-primary",
      address: (await rowOf(extra))!.id,
    });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Only a verified address can be made primary.");

    // Opening the link changes nothing; its button does.
    expect(await (await suite.server.fetch(link)).text()).toContain("Confirm this address");
    expect((await rowOf(extra))!.verified_at).toBeNull();
    const done = await confirm(link);
    expect(done.status).toBe(302);
    expect((await rowOf(extra))!.verified_at).not.toBeNull();
    expect((await confirm(link)).status).toBe(400);
    html = await page();
    expect(html).toContain("Set as Primary");
    expect((await apiLogin(suite.server, { email: extra, password: PASSWORD })).status).toBe(200);

    const primary = await settings({
      intent: "email-make-primary",
      address: (await rowOf(extra))!.id,
    });
    expect(primary.status).toBe(302);
    const admin = await suite.database.db
      .selectFrom("admins")
      .select("email")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(admin.email).toBe(extra);
    // The old primary stays, verified: it still signs in.
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(200);
    const types = (await listEvents(suite.database.db, { adminId })).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "account.email_added",
        "account.email_verified",
        "account.email_made_primary",
      ]),
    );
  });

  it("deletes any address but the primary", async () => {
    const extra = `deleted${n}@example.com`;
    await confirm(await add(extra));
    const primary = await settings({ intent: "email-delete", address: "primary" });
    expect(primary.status).toBe(400);
    expect(await primary.text()).toContain("The primary address cannot be deleted.");
    const gone = await settings({ intent: "email-delete", address: (await rowOf(extra))!.id });
    expect(gone.status).toBe(302);
    expect(await rowOf(extra)).toBeUndefined();
    expect((await apiLogin(suite.server, { email: extra, password: PASSWORD })).status).toBe(401);
    for (const address of ["00000000-0000-4000-8000-000000000000", "junk"]) {
      expect((await settings({ intent: "email-delete", address })).status).toBe(404);
    }
  });

  it("keeps an address to one account: refused when taken, and a second verification loses", async () => {
    const other = `other${n}@example.com`;
    const otherId = (await createAdmin(suite.database.db, other, PASSWORD)).id;
    const otherCookie = await signedInCookie(suite.server, other, PASSWORD);
    const taken = await settings({ intent: "email-add", email: other.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("That address is already used by another account.");
    const mine = await settings({ intent: "email-add", email });
    expect(mine.status).toBe(400);
    for (const bad of ["nope", "a\u0000b@example.com"]) {
      expect((await settings({ intent: "email-add", email: bad })).status).toBe(400);
    }

    // A pending address is its account's claim: a second account cannot add it meanwhile.
    const shared = `shared${n}@example.com`;
    const linkA = await add(shared);
    const pending = await settings({ intent: "email-add", email: shared }, otherCookie);
    expect(pending.status).toBe(409);
    expect(await pending.text()).toContain(
      "That address is waiting for verification on another account.",
    );
    expect((await confirm(linkA)).status).toBe(302);
    const lost = await settings({ intent: "email-add", email: shared }, otherCookie);
    expect(lost.status).toBe(409);
    expect(await lost.text()).toContain("That address is already used by another account.");
    const owners = await suite.database.db
      .selectFrom("admin_emails")
      .select(["admin_id", "verified_at"])
      .where("email", "=", shared)
      .execute();
    expect(owners.map((o) => o.admin_id)).toEqual([adminId]);
    expect(owners.some((o) => o.admin_id === otherId)).toBe(false);
  });

  it("names the account the address joins in its e-mail", async () => {
    const seen = smtp().messages.length;
    await settings({ intent: "email-add", email: `named${n}@example.com` });
    const message = await smtp().nextMessage(seen);
    expect(message.text).toContain(
      `This address was added to the back-office account of ${email}.`,
    );
  });

  it("shows account information from the database", async () => {
    await add(`pending${n}@example.com`);
    const html = await page();
    expect(html).toContain(adminId);
    expect(html).toMatch(/E-mail addresses<\/dt><dd>2<\/dd>/);
    expect(html).toMatch(/Verified addresses<\/dt><dd>1<\/dd>/);
  });
});
