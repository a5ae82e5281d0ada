import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { listEvents } from "~/server/events/events.server";
import { linkFrom, tokenOf, useSmtpServer } from "../support/smtp-server";
import {
  ADMIN,
  clearLoginAttempts,
  cookieHeader,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const PASSWORD = "a long invitee passphrase";
const SENT =
  "If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.";
const BIDI = "\u202E\u2066\u200F";

/** Admins' display names, and bidi/NUL input on every account form. */
describe("admin names and bidi input", () => {
  const env: Record<string, string> = { PUBLIC_URL: "http://wanderlux.test" };
  const smtp = useSmtpServer(env);
  const suite = useAuthServer(env);
  let owner: string;
  let n = 0;
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    owner = await signedInCookie(suite.server);
  });
  const post = (path: string, fields: Record<string, string>, cookie = owner) =>
    formPost(suite.server, path, fields, cookie ? { Cookie: cookie } : {});
  const nameOf = async (email: string) =>
    (
      await suite.database.db
        .selectFrom("admins")
        .select("name")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).name;
  const teamPage = async () =>
    (await suite.server.fetch("/admin/team", { headers: { Cookie: owner } })).text();

  async function invitationLink(email: string): Promise<string> {
    const seen = smtp().messages.length;
    expect((await post("/admin/team", { intent: "invite", email, role: "editor" })).status).toBe(
      302,
    );
    const message = await smtp().nextMessage(seen);
    return linkFrom(message, "http://wanderlux.test/admin/accept-invite");
  }
  const accept = (link: string, name: string) =>
    post(
      link,
      {
        token: tokenOf(link),
        name,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      "",
    );

  it("takes the invitee's name on acceptance (bidi controls stripped) and lists it on /admin/team", async () => {
    const email = `named${++n}@example.com`;
    const link = await invitationLink(email);
    const page = await (await suite.server.fetch(link)).text();
    expect(page).toContain('name="name"');

    const tooLong = await accept(link, "N".repeat(101));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Name must be at most 100 characters");
    const nul = await accept(link, "Thandi\u0000");
    expect(nul.status).toBe(400);
    expect(
      await suite.database.db
        .selectFrom("admins")
        .select("id")
        .where("email", "=", email)
        .execute(),
    ).toEqual([]);

    const done = await accept(link, `  Thandi${BIDI}   Mokoena `);
    expect(done.status).toBe(302);
    expect(await nameOf(email)).toBe("Thandi Mokoena");
    const team = await teamPage();
    expect(team).toContain(">Name<");
    expect(team).toContain("Thandi Mokoena");
  });

  it("an invitee who leaves the name empty has none; the team list shows a dash", async () => {
    const email = `unnamed${++n}@example.com`;
    expect((await accept(await invitationLink(email), "   ")).status).toBe(302);
    expect(await nameOf(email)).toBeNull();
  });

  it("Settings → Account information saves, clears and refuses names, recording the change", async () => {
    const saved = await post("/admin/settings", {
      intent: "account-name",
      name: `Lead${BIDI} Admin`,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings#account-heading");
    expect(await nameOf(ADMIN.email)).toBe("Lead Admin");
    const settings = await (
      await suite.server.fetch("/admin/settings", { headers: { Cookie: owner } })
    ).text();
    expect(settings).toContain('value="Lead Admin"');
    expect(await teamPage()).toContain("Lead Admin");

    for (const bad of ["x".repeat(101), "Lead\u0000Admin"]) {
      const refused = await post("/admin/settings", { intent: "account-name", name: bad });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/Name must be at most 100 characters|NUL characters/);
      expect(await nameOf(ADMIN.email)).toBe("Lead Admin");
    }

    const cleared = await post("/admin/settings", { intent: "account-name", name: "" });
    expect(cleared.status).toBe(302);
    expect(await nameOf(ADMIN.email)).toBeNull();
    const changes = (await listEvents(suite.database.db)).filter(
      (e) => e.type === "account.name_changed",
    );
    expect(changes.map((e) => e.details.name)).toEqual(
      expect.arrayContaining(["Lead Admin", null]),
    );
  });

  it("refuses e-mail addresses carrying bidi controls on every form, creating nothing", async () => {
    const spoofed = `mallory${BIDI}@example.com`;
    const invite = await post("/admin/team", { intent: "invite", email: spoofed, role: "editor" });
    expect(invite.status).toBe(400);
    expect(await invite.text()).toContain("Please enter a valid e-mail address");
    const add = await post("/admin/settings", { intent: "email-add", email: spoofed });
    expect(add.status).toBe(400);
    expect(await add.text()).toContain("Please enter a valid e-mail address");
    const forgot = await post("/admin/forgot-password", { email: spoofed }, "");
    expect(forgot.status).toBe(400);
    expect(await forgot.text()).toContain("Please enter a valid e-mail address");
    const login = await post("/admin", { email: spoofed, password: ADMIN.password }, "");
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
    expect(cookieHeader(login)).not.toContain("wlx_session=");
    expect(
      await suite.database.db
        .selectFrom("verifications")
        .select("id")
        .where("target", "like", "mallory%")
        .execute(),
    ).toEqual([]);
    expect(
      await suite.database.db
        .selectFrom("admin_emails")
        .select("id")
        .where("email", "like", "mallory%")
        .execute(),
    ).toEqual([]);
  });
});

/**
 * "The answer is the same ... and takes about the same time": with a mail server that accepts
 * connections and never answers, a reset request for a known address (which e-mails) must come
 * back as fast as one for an unknown address (which does not). If the request waited on the mail
 * server, the known address would take the mailer's 10-second timeout.
 */
describe("password recovery timing with a mail server that never answers", () => {
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  const env: Record<string, string> = { PUBLIC_URL: "http://wanderlux.test" };
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  const suite = useAuthServer(env);

  it("answers a known address in about the time of an unknown one", async () => {
    const known: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `timed${i}@example.com`;
      await createAdmin(suite.database.db, email, "correct horse battery staple");
      known.push(email);
    }
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await formPost(suite.server, "/admin/forgot-password", { email });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(SENT);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (const [i, email] of known.entries()) {
      unknownTimes.push(await timed(`nobody${i}@example.com`));
      knownTimes.push(await timed(email));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The mail server never answers: waiting on it would take 10 s per request.
    expect(Math.max(...knownTimes)).toBeLessThan(3_000);
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(500);
    // The links were created all the same (the e-mails are still waiting on the silent server).
    const links = await suite.database.db
      .selectFrom("verifications")
      .select("target")
      .where("type", "=", "password_reset")
      .execute();
    expect(links.map((l) => l.target).sort()).toEqual(known);
  });
});
