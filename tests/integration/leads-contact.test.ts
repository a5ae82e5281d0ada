import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry";
import { clientAddressKey } from "~/server/leads/client-address.server";
import { FORM_TOKEN_TTL_MS, MIN_FILL_MS } from "~/server/leads/honeypot.server";
import { SUBMISSIONS_PER_WINDOW, takeSubmissionSlot } from "~/server/leads/submission-limit.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { rawRequest } from "../support/support-http";
import {
  ACCEPTS_HTML,
  clearLeads,
  decodeEntities,
  honeypotFields,
  sleep,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import { formPost } from "../support/form-post";

// The contact form stores an enquiry, then e-mails the team; spam and floods stop.
const VISITOR = {
  firstName: "Amara",
  lastName: "Okafor",
  email: "amara@example.org",
  phone: "+27 82 555 0123",
  travelDates: "March 2027, 10 nights",
  tripDescription: "Two adults and a child.\nWe would love Zanzibar and a safari.",
};

const enquiries = (server: LeadsServer) =>
  server.db.selectFrom("enquiries").selectAll().orderBy("created_at").execute();

describe.each(BACKENDS)("contact form on %s", (backend) => {
  let smtp: TestSmtpServer;
  let server: LeadsServer;
  let ready: Record<string, string>;
  /** More forms' tokens, rendered with `ready`: a token works once. */
  let spare: Record<string, string>[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startLeadsServer(backend, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Wanderlux <no-reply@travel.example.com>",
    });
    // One form's honeypot time, old enough to count as typed by a person.
    ready = await honeypotFields(server);
    spare = [];
    // One after another: concurrent anonymous renders may be shared.
    for (let i = 0; i < 16; i++) spare.push(await honeypotFields(server));
    await sleep(MIN_FILL_MS + 200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await clearLeads(server.db);
  });

  it("renders the form with its honeypot and never lets a cache keep the page", async () => {
    const res = await server.fetch("/contact");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    const form = html.match(/<form[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contact"');
    expect(html).toContain('name="name__confirm"');
    expect(html).toMatch(/name="from__confirm"[^>]*value="[^"]{20,}"/);
    // Two renders, two times: a page stored by a cache would let a bot skip the fill time.
    expect((await honeypotFields(server)).from__confirm).not.toBe(
      (await honeypotFields(server)).from__confirm,
    );
  });

  it("stores the enquiry, then e-mails the team its content and a back-office link", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      "/contact",
      {
        ...ready,
        ...VISITOR,
        // Invisible characters (a bidi override, a zero-width space) are stripped, not stored.
        lastName: "Oka\u202Efor\u200B",
      },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?sent=1");

    const rows = await enquiries(server);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      first_name: "Amara",
      last_name: "Okafor",
      email: "amara@example.org",
      phone: "+27 82 555 0123",
      travel_dates: "March 2027, 10 nights",
      message: VISITOR.tripDescription,
      status: "new",
      notify_status: "sent",
      package_id: null,
    });

    const mail = await smtp.nextMessage(seen);
    expect(mail.to).toEqual(["team@travel.example.com"]);
    expect(mail.parsed.replyTo?.text).toBe("amara@example.org");
    expect(mail.subject).toBe("New enquiry from Amara Okafor · Wanderlux Journeys");
    const link = `https://travel.example.com/admin/enquiries/${row.id}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    for (const part of [
      "E-mail: amara@example.org",
      "Phone: +27 82 555 0123",
      "Preferred travel dates: March 2027, 10 nights",
      "We would love Zanzibar and a safari.",
    ]) {
      expect(mail.text).toContain(part);
    }
    // No acknowledgement to the visitor unless ENQUIRY_ACK=true.
    await sleep(300);
    expect(smtp.messages.slice(seen).map((m) => m.to[0])).toEqual(["team@travel.example.com"]);

    const landing = await (await server.fetch("/contact?sent=1")).text();
    expect(landing).toContain("Message sent");
    expect(landing).toContain(ENQUIRY_MESSAGES.received);
    expect(landing).toContain("within 2 hours");
  });

  it("answers missing and malformed fields with a message each, keeps what was typed, stores nothing", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      "/contact",
      {
        ...ready,
        firstName: "  ",
        lastName: 'Smith <b>"Jr"</b>',
        email: "not-an-email",
        phone: "call me maybe",
        travelDates: "June",
        tripDescription: "",
      },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(ENQUIRY_MESSAGES.firstNameRequired);
    expect(html).toContain(ENQUIRY_MESSAGES.emailInvalid);
    expect(html).toContain(ENQUIRY_MESSAGES.phoneInvalid);
    expect(html).toContain(ENQUIRY_MESSAGES.tripRequired);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="June"');
    // Kept input is escaped, never markup.
    expect(html).toContain("Smith &lt;b&gt;&quot;Jr&quot;&lt;/b&gt;");
    expect(html).not.toContain('<b>"Jr"</b>');
    expect(await enquiries(server)).toHaveLength(0);
    await sleep(200);
    expect(smtp.messages.length).toBe(seen);
  });

  it("asks for an e-mail address when none is given, and bounds every field's length", async () => {
    const missing = await formPost(
      server,
      "/contact",
      { ...ready, ...VISITOR, email: "" },
      ACCEPTS_HTML,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(ENQUIRY_MESSAGES.emailRequired);
    const long = await formPost(
      server,
      "/contact",
      {
        ...ready,
        ...VISITOR,
        tripDescription: "x".repeat(5001),
      },
      ACCEPTS_HTML,
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Trip description must be at most 5000 characters");
    expect(await enquiries(server)).toHaveLength(0);
  });

  it("drops spam silently: a filled honeypot, missing fields, a forged time, a form sent too fast", async () => {
    const seen = smtp.messages.length;
    const fresh = await honeypotFields(server);
    const attempts: Record<string, string>[] = [
      { ...ready, name__confirm: "https://spam.example", ...VISITOR },
      { ...VISITOR },
      { name__confirm: "", from__confirm: "bm90IGEgcmVhbCB0aW1l", ...VISITOR },
      { ...fresh, ...VISITOR },
    ];
    for (const fields of attempts) {
      const res = await formPost(server, "/contact", fields, ACCEPTS_HTML);
      // The same answer as a message that went through: a bot learns nothing.
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/contact?sent=1");
    }
    expect(await enquiries(server)).toHaveLength(0);
    expect(await server.db.selectFrom("enquiry_submissions").select("id").execute()).toHaveLength(
      0,
    );
    await sleep(200);
    expect(smtp.messages.length).toBe(seen);
  });

  it("accepts a few messages per address, then answers 429 with a clear message", async () => {
    // Each post is another form (its own token), as a visitor would send.
    const send = (localAddress: string) =>
      rawRequest(server.url, "/contact", {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams({ ...spare.pop()!, ...VISITOR }).toString(),
      });
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) {
      expect((await send("127.0.18.1")).status).toBe(303);
    }
    const refused = await send("127.0.18.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(refused.body).toContain("You have sent several messages in a short time");
    expect(refused.body).toContain('value="amara@example.org"');
    expect(await enquiries(server)).toHaveLength(SUBMISSIONS_PER_WINDOW);
    // Another address is not held back by this one.
    expect((await send("127.0.18.2")).status).toBe(303);
    expect(await enquiries(server)).toHaveLength(SUBMISSIONS_PER_WINDOW + 1);
  });

  it("takes a form's time token once: a replay is dropped silently, e-mailing nobody", async () => {
    const seen = smtp.messages.length;
    const form = spare.pop()!;
    for (let i = 0; i < 5; i++) {
      const res = await formPost(server, "/contact", { ...form, ...VISITOR }, ACCEPTS_HTML);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/contact?sent=1");
    }
    expect(await enquiries(server)).toHaveLength(1);
    expect(await server.db.selectFrom("enquiry_submissions").select("id").execute()).toHaveLength(
      1,
    );
    await sleep(200);
    expect(smtp.messages.length).toBe(seen + 1);
    // Only a hash of the used token is kept, until it would have expired.
    const [kept] = await server.db.selectFrom("contact_form_tokens").selectAll().execute();
    expect(kept!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(kept!.expires_at).getTime()).toBeLessThanOrEqual(
      Date.now() + FORM_TOKEN_TTL_MS,
    );
  });

  it("refuses an expired form's token with a message, keeping what was typed", async () => {
    const form = spare.pop()!;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + FORM_TOKEN_TTL_MS + 60_000 });
    try {
      const res = await formPost(server, "/contact", { ...form, ...VISITOR }, ACCEPTS_HTML);
      expect(res.status).toBe(400);
      expect(decodeEntities(await res.text())).toContain(ENQUIRY_MESSAGES.formExpired);
    } finally {
      vi.useRealTimers();
    }
    expect(await enquiries(server)).toHaveLength(0);
  });

  it("refuses an oversized post with 413 before any of it is stored", async () => {
    const res = await formPost(
      server,
      "/contact",
      {
        ...ready,
        ...VISITOR,
        tripDescription: "x".repeat(1_100_000),
      },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(413);
    expect(await enquiries(server)).toHaveLength(0);
  });
});

describe("contact form e-mail settings (postgres)", () => {
  it("sends the notice to ENQUIRY_NOTIFY_TO and, with ENQUIRY_ACK=true, an acknowledgement", async () => {
    const smtp = await startSmtpServer();
    const server = await startLeadsServer("postgres", {
      SMTP_URL: smtp.url,
      ENQUIRY_NOTIFY_TO: "sales@travel.example.com",
      ENQUIRY_ACK: "true",
    });
    try {
      const fields = await honeypotFields(server);
      await sleep(MIN_FILL_MS + 200);
      const res = await formPost(server, "/contact", { ...fields, ...VISITOR }, ACCEPTS_HTML);
      expect(res.status).toBe(303);
      const first = await smtp.nextMessage(0);
      const second = await smtp.nextMessage(1);
      expect(first.to).toEqual(["sales@travel.example.com"]);
      expect(second.to).toEqual(["amara@example.org"]);
      expect(second.subject).toBe("We received your message · Wanderlux Journeys");
      expect(second.text).toContain("Hello Amara");
      expect(second.text).toContain("within 2 hours");
      // The acknowledgement repeats nothing the visitor typed (an open relay otherwise).
      expect(second.text).not.toContain("Zanzibar");
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe.each(BACKENDS)("contact form with a failing mail server on %s", (backend) => {
  it("keeps the enquiry, marks its notice failed and still thanks the visitor", async () => {
    // A port that refuses connections: nothing listens there any more.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const server = await startLeadsServer(backend, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const fields = await honeypotFields(server);
      await sleep(MIN_FILL_MS + 200);
      const res = await formPost(server, "/contact", { ...fields, ...VISITOR }, ACCEPTS_HTML);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/contact?sent=1");
      const rows = await enquiries(server);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: "Amara", notify_status: "failed" });
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe.each(BACKENDS)("contact form limit per client on %s", (backend) => {
  const { db } = useTestDatabase(backend);

  it("counts an IPv6 client by its /64, an IPv4 client by its address", async () => {
    expect(clientAddressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) {
      expect(await takeSubmissionSlot(db(), `2001:db8:1:2::${(i + 1).toString(16)}`)).toEqual({
        allowed: true,
      });
    }
    expect(await takeSubmissionSlot(db(), "2001:db8:1:2:ffff:ffff:ffff:fffe")).toMatchObject({
      allowed: false,
    });
    expect(await takeSubmissionSlot(db(), "2001:db8:1:3::1")).toEqual({ allowed: true });
    const stored = await db().selectFrom("enquiry_submissions").select("ip").execute();
    expect(new Set(stored.map((r) => r.ip))).toEqual(
      new Set(["2001:db8:1:2::/64", "2001:db8:1:3::/64"]),
    );
  });
});
