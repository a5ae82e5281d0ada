import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createMailer,
  MAIL_FAILED_NOTICE,
  MAIL_OFF_NOTICE,
  mailNotice,
} from "~/server/mail/mailer.server";
import {
  emailVerificationMail,
  invitationMail,
  passwordResetMail,
  siteLink,
} from "~/server/mail/templates.server";
import { captureLogs } from "~/server/platform/log.server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

const SITE = { name: "Wanderlux Journeys", publicUrl: "https://travel.example.com" };
const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz0123456789";

describe("mail module over a real SMTP server", () => {
  let smtp: TestSmtpServer;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: "mailer", pass: "s3cret" });
  });
  afterAll(async () => {
    await smtp.close();
  });
  afterEach(() => logs?.stop());

  it("delivers a message with a text and an HTML part, the site's name and a PUBLIC_URL link", async () => {
    logs = captureLogs();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: { name: SITE.name, address: "no-reply@travel.example.com" },
    });
    expect(mailer.enabled).toBe(true);
    const seen = smtp.messages.length;
    const content = invitationMail(SITE, { invitedBy: "owner@example.com", token: TOKEN });
    const outcome = await mailer.send({ to: "new.staff@example.com", ...content });
    mailer.close();
    expect(outcome).toEqual({ status: "sent" });
    expect(mailNotice(outcome)).toBeNull();

    const message = await smtp.nextMessage(seen);
    const link = `https://travel.example.com/admin/accept-invite?token=${TOKEN}`;
    expect(content.link).toBe(link);
    expect(message.to).toEqual(["new.staff@example.com"]);
    expect(message.from).toBe("no-reply@travel.example.com");
    expect(message.parsed.from?.text).toContain(SITE.name);
    expect(message.subject).toBe("You are invited to the back office · Wanderlux Journeys");
    expect(message.text).toContain(link);
    expect(message.text).toContain("owner@example.com has invited you");
    expect(message.text).toContain("72 hours");
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toContain("<h1");
    expect(message.html).toContain(SITE.name);
    // The log says it went out, without the link (the token) in it.
    const sent = logs.lines.find((l) => l.msg === "e-mail sent");
    expect(sent).toMatchObject({ level: "info", to: "new.staff@example.com" });
    expect(logs.raw.join("")).not.toContain(TOKEN);
  });

  it("sets Reply-To when the caller gives one, and none otherwise", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: "no-reply@travel.example.com" });
    const seen = smtp.messages.length;
    const content = passwordResetMail(SITE, { token: TOKEN });
    await mailer.send({ to: "team@example.com", replyTo: "traveller@example.org", ...content });
    await mailer.send({ to: "team@example.com", ...content });
    mailer.close();
    const withReply = await smtp.nextMessage(seen);
    const without = await smtp.nextMessage(seen + 1);
    expect(withReply.parsed.replyTo?.text).toBe("traveller@example.org");
    expect(without.parsed.replyTo).toBeUndefined();
  });

  it("reports a refused login as a failed send, logged at error without the link", async () => {
    logs = captureLogs();
    const url = smtp.url.replace("s3cret", "wrong");
    const mailer = createMailer({ smtpUrl: url, from: "no-reply@travel.example.com" });
    const seen = smtp.messages.length;
    const outcome = await mailer.send({
      to: "a@example.com",
      ...passwordResetMail(SITE, { token: TOKEN }),
    });
    mailer.close();
    expect(outcome).toEqual({ status: "failed" });
    expect(mailNotice(outcome)).toBe(MAIL_FAILED_NOTICE);
    expect(smtp.messages.length).toBe(seen);
    const failed = logs.lines.find((l) => l.msg === "e-mail send failed");
    expect(failed).toMatchObject({ level: "error", to: "a@example.com" });
    expect(String(failed?.error)).toMatch(/auth|Invalid/i);
    expect(logs.raw.join("")).not.toContain(TOKEN);
  });

  it("reports a refused recipient as a failed send", async () => {
    const refusing = await startSmtpServer({ rejectRecipients: true });
    logs = captureLogs();
    try {
      const mailer = createMailer({ smtpUrl: refusing.url, from: "no-reply@travel.example.com" });
      const outcome = await mailer.send({
        to: "gone@example.com",
        ...emailVerificationMail(SITE, {
          token: TOKEN,
          account: { email: "owner@example.com", name: null },
        }),
      });
      mailer.close();
      expect(outcome).toEqual({ status: "failed" });
      expect(refusing.messages).toHaveLength(0);
      expect(logs.lines.some((l) => l.msg === "e-mail send failed")).toBe(true);
    } finally {
      await refusing.close();
    }
  });

  it("gives up on a server that never answers within the timeout instead of holding the request", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    logs = captureLogs();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "no-reply@travel.example.com",
        timeoutMs: 400,
      });
      const started = Date.now();
      const outcome = await mailer.send({
        to: "a@example.com",
        ...passwordResetMail(SITE, { token: TOKEN }),
      });
      mailer.close();
      expect(outcome).toEqual({ status: "failed" });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("mail module without SMTP_URL", () => {
  it("logs the message at info with its link, sends nothing and tells the screen e-mail is off", async () => {
    const logs = captureLogs();
    try {
      const mailer = createMailer({ from: "no-reply@travel.example.com" });
      expect(mailer.enabled).toBe(false);
      const content = passwordResetMail(SITE, { token: TOKEN });
      const outcome = await mailer.send({ to: "owner@example.com", ...content });
      expect(outcome).toEqual({ status: "off" });
      expect(mailNotice(outcome)).toBe(MAIL_OFF_NOTICE);
      const line = logs.lines.find((l) => String(l.msg).startsWith("e-mail not configured"));
      expect(line).toMatchObject({
        level: "info",
        to: "owner@example.com",
        subject: "Reset your password · Wanderlux Journeys",
        link: `https://travel.example.com/admin/reset-password?token=${TOKEN}`,
      });
      // Only the link: the bodies are not written out.
      expect(line).not.toHaveProperty("text");
      expect(line).not.toHaveProperty("html");
    } finally {
      logs.stop();
    }
  });
});

describe("mail templates", () => {
  it("escapes the site name and builds links under a PUBLIC_URL with a path", () => {
    const site = { name: `Tom & Jerry's <Tours>`, publicUrl: "https://example.com/travel" };
    const content = passwordResetMail(site, { token: "a/b+c" });
    expect(content.link).toBe("https://example.com/travel/admin/reset-password?token=a%2Fb%2Bc");
    expect(content.html).toContain("Tom &amp; Jerry&#39;s &lt;Tours&gt;");
    expect(content.html).not.toContain("<Tours>");
    expect(content.text).toContain("Tom & Jerry's <Tours>");
    expect(siteLink({ name: "x", publicUrl: "https://example.com/" }, "/admin")).toBe(
      "https://example.com/admin",
    );
  });
});
