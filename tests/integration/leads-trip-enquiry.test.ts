import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry";
import { siteKindInfo } from "~/domain/site-kinds";
import type { PackageKind } from "~/domain/schemas";
import { MIN_FILL_MS } from "~/server/leads/honeypot.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
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

// "Enquire about this trip" on every detail page; the enquiry records the trip.
const VISITOR = {
  firstName: "Lindiwe",
  lastName: "Dube",
  email: "lindiwe@example.org",
  phone: "",
  travelDates: "April",
  tripDescription: "Is there room for four in April?",
};
const KINDS: PackageKind[] = ["trip", "exclusive", "local", "discovery"];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe.each(BACKENDS)("trip enquiries on %s", (backend) => {
  let smtp: TestSmtpServer;
  let server: LeadsServer;
  let ready: Record<string, string>;
  const ids = {} as Record<PackageKind | "draft", string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startLeadsServer(backend, { SMTP_URL: smtp.url });
    for (const kind of KINDS) {
      ids[kind] = (await makePackage(server.db, kind, { title: `Zanzibar ${kind} & "Spice"` })).id;
    }
    ids.draft = (
      await makePackage(server.db, "trip", { title: "Secret draft", status: "draft" })
    ).id;
    ready = await honeypotFields(server);
    await sleep(MIN_FILL_MS + 200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await clearLeads(server.db);
  });

  it("links every kind's detail page to a contact form that names the trip", async () => {
    for (const kind of KINDS) {
      const detail = siteKindInfo(kind).detailPath(ids[kind]);
      const html = await (await server.fetch(detail)).text();
      const card = html.slice(html.indexOf('<aside class="price-card"'));
      expect(card, kind).toContain(`href="/contact?package=${ids[kind]}"`);
      expect(card, kind).toContain("Enquire about this trip");
    }
    const res = await server.fetch(`/contact?package=${ids.trip}`);
    expect(res.status).toBe(200);
    const html = decodeEntities(await res.text());
    expect(html).toContain(`About the trip: <a href="/package/${ids.trip}"`);
    expect(html).toContain('Zanzibar trip & "Spice"');
    expect(html).toContain(`name="package" value="${ids.trip}"`);
    expect(html).toContain(`action="/contact?package=${ids.trip}"`);
    // Pre-filled, so a traveller can send it almost as it is.
    expect(html).toContain('I would like to know more about "Zanzibar trip & "Spice"".');
  });

  it("says so for a draft, an unknown or a malformed package id, and offers the plain form", async () => {
    for (const id of [ids.draft, UNKNOWN, "not-a-uuid", "'; drop table packages; --"]) {
      const res = await server.fetch(`/contact?package=${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(200);
      const html = decodeEntities(await res.text());
      expect(html, id).toContain(ENQUIRY_MESSAGES.unknownPackage);
      expect(html, id).not.toContain('name="package"');
      expect(html, id).not.toContain("Secret draft");
    }
  });

  it("records the trip on the enquiry and names it in the team's e-mail", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      `/contact?package=${ids.exclusive}`,
      {
        ...ready,
        ...VISITOR,
        package: ids.exclusive,
      },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    const rows = await server.db.selectFrom("enquiries").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      package_id: ids.exclusive,
      package_title: 'Zanzibar exclusive & "Spice"',
    });
    const mail = await smtp.nextMessage(seen);
    expect(mail.subject).toBe(
      'New enquiry from Lindiwe Dube about Zanzibar exclusive & "Spice" · Wanderlux Journeys',
    );
    expect(mail.text).toContain('Trip: Zanzibar exclusive & "Spice"');
  });

  it("refuses a post naming a draft, an unknown or a malformed package, storing nothing", async () => {
    const seen = smtp.messages.length;
    for (const id of [ids.draft, UNKNOWN, "not-a-uuid"]) {
      const res = await formPost(
        server,
        "/contact",
        { ...ready, ...VISITOR, package: id },
        ACCEPTS_HTML,
      );
      expect(res.status, id).toBe(400);
      const html = decodeEntities(await res.text());
      expect(html, id).toContain(ENQUIRY_MESSAGES.unknownPackage);
      expect(html, id).toContain('value="lindiwe@example.org"');
    }
    expect(await server.db.selectFrom("enquiries").select("id").execute()).toHaveLength(0);
    await sleep(200);
    expect(smtp.messages.length).toBe(seen);
  });
});
