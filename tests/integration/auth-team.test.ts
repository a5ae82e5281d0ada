import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { listEvents } from "~/server/events/events.server";
import { linkFrom, linkShown, tokenOf, useSmtpServer } from "../support/smtp-server";
import {
  ADMIN,
  apiLogin,
  clearLoginAttempts,
  cookieHeader,
  cookieNamed,
  ensureTestAdmin,
  signedInCookie,
  useAuthServer,
  type ServerSuite,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const PASSWORD = "a long invitee passphrase";
const ACCEPT_INVITE = "http://wanderlux.test/admin/accept-invite";

function teamHelpers(suite: ServerSuite) {
  // Admins manage the team, as every invitee could before roles (decision 125).
  const invite = (cookie: string, email: string, role = "admin") =>
    formPost(suite.server, "/admin/team", { intent: "invite", email, role }, { Cookie: cookie });
  const accept = (link: string, password: string, confirm = password) =>
    formPost(suite.server, link, {
      token: tokenOf(link),
      password,
      confirmPassword: confirm,
    });
  const invitations = () =>
    suite.database.db
      .selectFrom("verifications")
      .selectAll()
      .where("type", "=", "invite")
      .execute();
  return { invite, accept, invitations };
}

describe("/admin/team with e-mail configured", () => {
  const env: Record<string, string> = { PUBLIC_URL: "http://wanderlux.test" };
  const smtp = useSmtpServer(env);
  const suite = useAuthServer(env);
  const { invite, accept, invitations } = teamHelpers(suite);
  let owner: string;
  let n = 0;
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    owner = await signedInCookie(suite.server);
  });

  async function invitedLink(email: string): Promise<string> {
    const seen = smtp().messages.length;
    const response = await invite(owner, email);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/team");
    const message = await smtp().nextMessage(seen);
    expect(message.to).toEqual([email]);
    expect(message.text).toContain(`${ADMIN.email} has invited you`);
    return linkFrom(message, ACCEPT_INVITE);
  }

  it("invites with a 72-hour single-use link; the invitee sets a password and is signed in", async () => {
    const email = `invitee${++n}@example.com`;
    const link = await invitedLink(email);
    const list = await (
      await suite.server.fetch("/admin/team", { headers: { Cookie: owner } })
    ).text();
    expect(list).toContain(email);
    expect(list).toContain("Invited (link valid until");
    const [row] = (await invitations()).filter((i) => i.target === email);
    const ttl = new Date(row!.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(71 * 3600 * 1000);
    expect(ttl).toBeLessThanOrEqual(72 * 3600 * 1000);

    const page = await suite.server.fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    const short = await accept(link, "too short");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");
    const mismatch = await accept(link, PASSWORD, "something different here");
    expect(mismatch.status).toBe(400);

    const done = await accept(link, PASSWORD);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/dashboard");
    const session = cookieHeader(done);
    expect(cookieNamed(done, "wlx_session")).toBeDefined();
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: session } })).status,
    ).toBe(200);
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(200);

    const again = await accept(link, "another long passphrase");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("already been used");
    const after = await (
      await suite.server.fetch("/admin/team", { headers: { Cookie: owner } })
    ).text();
    expect(after).not.toContain("Invited (link valid until");
    const types = (await listEvents(suite.database.db)).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["team.invitation_sent", "team.invitation_accepted"]),
    );
  });

  it("lets exactly one of two concurrent acceptances of the same link win", async () => {
    const email = `race${++n}@example.com`;
    const link = await invitedLink(email);
    const results = await Promise.all([
      accept(link, "first long passphrase"),
      accept(link, "second long passphrase"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 400]);
    const admins = await suite.database.db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it("refuses a malformed address, an existing admin and a forged link, creating nothing", async () => {
    const before = (await invitations()).length;
    for (const [email, status, text] of [
      ["not-an-address", 400, "Please enter a valid e-mail address"],
      [ADMIN.email.toUpperCase(), 409, "is already an admin"],
      ["a\u0000b@example.com", 400, "NUL characters"],
    ] as const) {
      const response = await invite(owner, email);
      expect(response.status, email).toBe(status);
      expect(await response.text(), email).toContain(text);
    }
    expect((await invitations()).length).toBe(before);
    const forged = await suite.server.fetch("/admin/accept-invite?token=forged");
    expect(await forged.text()).toContain("This link is not valid");
    expect((await accept("/admin/accept-invite?token=forged", PASSWORD)).status).toBe(400);
  });

  it("keeps an invited address and an address waiting for its link apart", async () => {
    const invited = `claimed${++n}@example.com`;
    const link = await invitedLink(invited);
    const settings = (email: string) =>
      formPost(suite.server, "/admin/settings", { intent: "email-add", email }, { Cookie: owner });
    const added = await settings(invited);
    expect(added.status).toBe(409);
    expect(await added.text()).toContain("That address has a pending invitation to the team.");
    const pending = `pending${n}@example.com`;
    expect((await settings(pending)).status).toBe(302);
    const refused = await invite(owner, pending);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("is waiting for verification on an admin's account");
    expect((await invitations()).map((i) => i.target)).not.toContain(pending);
    // The invitation still works: nobody else took its address meanwhile.
    expect((await accept(link, PASSWORD)).status).toBe(302);
  });

  it("removes an admin after a confirmation step; their sessions end at once", async () => {
    const email = `leaving${++n}@example.com`;
    const { id } = await createAdmin(suite.database.db, email, PASSWORD);
    const theirs = await signedInCookie(suite.server, email, PASSWORD);
    const confirm = await suite.server.fetch(`/admin/team?remove=${id}`, {
      headers: { Cookie: owner },
    });
    const html = await confirm.text();
    expect(html).toContain(`Remove ${email}? They are signed out at once`);
    expect(html).toMatch(/<dialog[^>]*open=""/);
    const removed = await formPost(
      suite.server,
      "/admin/team",
      { intent: "remove", adminId: id },
      { Cookie: owner },
    );
    expect(removed.status).toBe(302);
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: theirs } })).headers.get(
        "Location",
      ),
    ).toBe("/admin");
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(401);
    const [event] = await listEvents(suite.database.db, {
      adminId: id,
      type: "team.admin_removed",
    });
    expect(event).toMatchObject({ email, actorId: expect.any(String) });
  });

  it("withdraws a pending invitation: the link stops working at once and the log says who did it", async () => {
    const email = `withdrawn${++n}@example.com`;
    const link = await invitedLink(email);
    const [row] = (await invitations()).filter((i) => i.target === email);
    const list = await (
      await suite.server.fetch("/admin/team", { headers: { Cookie: owner } })
    ).text();
    expect(list).toContain(`Withdraw invitation<span class="visually-hidden"> to ${email}`);
    const withdrawn = await formPost(
      suite.server,
      "/admin/team",
      { intent: "withdraw", invitationId: row!.id },
      { Cookie: owner },
    );
    expect(withdrawn.status).toBe(302);
    expect(withdrawn.headers.get("Location")).toBe("/admin/team");
    const after = await (
      await suite.server.fetch("/admin/team", {
        headers: { Cookie: `${owner}; ${cookieHeader(withdrawn)}` },
      })
    ).text();
    expect(after).toContain(`The invitation to ${email} was withdrawn.`);
    expect(after).not.toContain(`Withdraw invitation<span class="visually-hidden"> to ${email}`);
    expect(await (await suite.server.fetch(link)).text()).toContain("This link is not valid");
    const refused = await accept(link, PASSWORD);
    expect(refused.status).toBe(400);
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(401);
    const me = await ensureTestAdmin(suite.database);
    const [event] = await listEvents(suite.database.db, { type: "team.invitation_withdrawn" });
    expect(event).toMatchObject({ email, actorId: me.id });
    // Twice, unknown or malformed: a clear message, nothing changed.
    for (const invitationId of [row!.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const again = await formPost(
        suite.server,
        "/admin/team",
        { intent: "withdraw", invitationId },
        { Cookie: owner },
      );
      expect(again.status, invitationId).toBe(404);
      expect(await again.text(), invitationId).toContain("No such invitation");
    }
  });

  it("withdraws the invitations of an admin who is removed, so they cannot bring anyone in", async () => {
    const insider = `insider${++n}@example.com`;
    const accomplice = `accomplice${n}@example.com`;
    await createAdmin(suite.database.db, insider, PASSWORD);
    const theirs = await signedInCookie(suite.server, insider, PASSWORD);
    const seen = smtp().messages.length;
    expect((await invite(theirs, accomplice)).status).toBe(302);
    const message = await smtp().nextMessage(seen);
    const link = linkFrom(message, ACCEPT_INVITE);
    const { id } = (await suite.database.db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", insider)
      .executeTakeFirst())!;
    const removed = await formPost(
      suite.server,
      "/admin/team",
      { intent: "remove", adminId: id },
      { Cookie: owner },
    );
    expect(removed.status).toBe(302);
    expect((await invitations()).filter((i) => i.target === accomplice)).toEqual([]);
    expect(await (await suite.server.fetch(link)).text()).toContain("This link is not valid");
    expect((await accept(link, PASSWORD)).status).toBe(400);
    expect((await apiLogin(suite.server, { email: accomplice, password: PASSWORD })).status).toBe(
      401,
    );
    const [event] = await listEvents(suite.database.db, { type: "team.invitation_withdrawn" });
    expect(event).toMatchObject({ email: accomplice, details: { reason: "inviter_removed" } });
  });

  it("refuses to remove yourself or an unknown admin", async () => {
    const me = await ensureTestAdmin(suite.database);
    for (const [adminId, status, text] of [
      [me.id, 400, "You cannot remove yourself."],
      ["00000000-0000-4000-8000-000000000000", 404, "No such admin"],
      ["not-a-uuid", 404, "No such admin"],
    ] as const) {
      const response = await formPost(
        suite.server,
        "/admin/team",
        { intent: "remove", adminId },
        { Cookie: owner },
      );
      expect(response.status, adminId).toBe(status);
      expect(await response.text(), adminId).toContain(text);
    }
    expect((await apiLogin(suite.server, ADMIN)).status).toBe(200);
  });
});

describe("/admin/team when the mail server refuses", () => {
  const env: Record<string, string> = {};
  useSmtpServer(env, { rejectRecipients: true });
  const suite = useAuthServer(env);
  const { invite, invitations } = teamHelpers(suite);

  it("reports the failed send and leaves no invitation behind", async () => {
    const response = await invite(await signedInCookie(suite.server), "bounce@example.com");
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("The e-mail could not be sent");
    expect(await invitations()).toEqual([]);
  });
});

describe("/admin/team without e-mail configured", () => {
  const suite = useAuthServer();
  const { invite, accept } = teamHelpers(suite);

  it("says e-mail is off and shows the inviting admin the link to pass on, which works", async () => {
    const owner = await signedInCookie(suite.server);
    const page = await (
      await suite.server.fetch("/admin/team", { headers: { Cookie: owner } })
    ).text();
    expect(page).toContain("E-mail is not configured on this server");
    const response = await invite(owner, "by-hand@example.com");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Invitation for by-hand@example.com created.");
    const link = linkShown(html, "/admin/accept-invite");
    expect((await accept(link, PASSWORD)).status).toBe(302);
  });
});
