import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { makePackage } from "../support/factories";
import { pageLinks } from "../support/admin-http-support";
import { BACKENDS } from "../support/db";
import { insertEnquiry, purgeOldEnquiries, type NewEnquiry } from "~/server/leads/enquiries.server";
import { DAY_MS, startEnquiryRetention } from "~/server/leads/retention.server";
import {
  ACCEPTS_HTML,
  clearLeads,
  decodeEntities,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import { formPost } from "../support/form-post";

// The back office's enquiries inbox, an enquiry's page, CSV and retention.
const base: NewEnquiry = {
  firstName: "Amara",
  lastName: "Okafor",
  email: "amara@example.org",
  phone: "+27 82 555 0123",
  travelDates: "March",
  message: "Zanzibar, please.",
};

async function seed(server: LeadsServer, input: Partial<NewEnquiry>, daysAgo = 0) {
  const row = await insertEnquiry(server.db, { ...base, ...input });
  if (daysAgo) {
    await sql`update enquiries set created_at = now() - make_interval(days => ${daysAgo}) where id = ${row.id}`.execute(
      server.db,
    );
  }
  return row;
}

describe.each(BACKENDS)("enquiries inbox on %s", (backend) => {
  let server: LeadsServer;
  let cookie: string;
  let tripId: string;
  const get = (path: string) => server.fetch(path, { headers: { Cookie: cookie } });
  const page = async (path: string) => {
    const res = await get(path);
    return { res, html: decodeEntities(await res.text()) };
  };
  const post = (path: string, fields: Record<string, string>) =>
    formPost(server, path, fields, { ...ACCEPTS_HTML, Cookie: cookie });

  beforeAll(async () => {
    server = await startLeadsServer(backend);
    cookie = await server.adminCookie();
    tripId = (await makePackage(server.db, "trip", { title: "Okavango Fly-In" })).id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await clearLeads(server.db);
    await sql`delete from events where type like 'enquiry.%'`.execute(server.db);
  });

  it("is behind the sign-in, like every admin screen, and so is the CSV", async () => {
    for (const path of ["/admin/enquiries", "/admin/enquiries/export"]) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toMatch(/^\/admin(\?|$)/);
    }
  });

  it("lists newest first with name, e-mail, trip, received and status; the sidebar counts new ones", async () => {
    await seed(server, { firstName: "Old", email: "old@example.org" }, 3);
    await seed(
      server,
      { firstName: "Trip", packageId: tripId, packageTitle: "Okavango Fly-In" },
      1,
    );
    const closed = await seed(server, { firstName: "Done", email: "done@example.org" });
    await sql`update enquiries set status = 'closed' where id = ${closed.id}`.execute(server.db);
    const { res, html } = await page("/admin/enquiries");
    expect(res.status).toBe(200);
    const order = ["Done Okafor", "Trip Okafor", "Old Okafor"].map((n) => html.indexOf(n));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain("Okavango Fly-In");
    expect(html).toContain("old@example.org");
    expect(html).toContain("3 enquiries");
    // Two are new: the sidebar says so.
    expect(html).toMatch(/Enquiries<span class="badge-count">2<span class="visually-hidden"> new/);
  });

  it("filters by status and trip, searches, and pages, all from the URL", async () => {
    for (let i = 0; i < 23; i++) await seed(server, { firstName: `Guest${i}` }, 30 - i);
    await seed(server, { firstName: "Lindiwe", email: "l.dube@example.org", message: "100% sure" });
    const trip = await seed(server, {
      firstName: "Sipho",
      packageId: tripId,
      packageTitle: "Okavango Fly-In",
    });
    await sql`update enquiries set status = 'replied' where id = ${trip.id}`.execute(server.db);

    const replied = (await page("/admin/enquiries?status=replied")).html;
    expect(replied).toContain("Sipho");
    expect(replied).not.toContain("Lindiwe");
    const byTrip = (await page(`/admin/enquiries?package=${tripId}`)).html;
    expect(byTrip).toContain("1 enquiry match");
    expect(byTrip).toContain(`<option value="${tripId}" selected="">Okavango Fly-In</option>`);
    const general = (await page("/admin/enquiries?package=none")).html;
    expect(general).toContain("24 enquiries match");
    expect((await page("/admin/enquiries?q=l.dube")).html).toContain("1 enquiry match");
    expect((await page("/admin/enquiries?q=lindiwe%20okafor")).html).toContain("1 enquiry match");
    // % is a character, not a wildcard.
    expect((await page("/admin/enquiries?q=100%25")).html).toContain("1 enquiry match");
    expect((await page("/admin/enquiries?q=%25%25")).html).toContain("0 enquiries match");

    // The shared page links (AdminPagination): the current page, Previous and Next.
    const first = (await page("/admin/enquiries")).html;
    expect(pageLinks(first)).toEqual({
      current: "1",
      prev: undefined,
      next: "/admin/enquiries?page=2",
    });
    const second = (await page("/admin/enquiries?page=2")).html;
    expect(pageLinks(second)).toEqual({ current: "2", prev: "/admin/enquiries", next: undefined });
    expect(second).toContain("Guest0 ");
    expect(second).not.toContain("Lindiwe");
    const bad = await page("/admin/enquiries?page=abc&status=lost&package=x");
    expect(bad.res.status).toBe(200);
    expect(bad.html).toContain('Unknown page "abc": showing the first page.');
    expect(bad.html).toContain('Unknown status "lost": showing every status.');
    expect(bad.html).toContain("Unknown package filter: showing every package.");
  });

  it("shows an enquiry with a mailto reply, a WhatsApp link and a failed notice", async () => {
    const e = await seed(server, { packageId: tripId, packageTitle: "Okavango Fly-In" });
    await sql`update enquiries set notify_status = 'failed' where id = ${e.id}`.execute(server.db);
    const { html } = await page(`/admin/enquiries/${e.id}`);
    expect(html).toContain("Enquiry from Amara Okafor");
    expect(html).toMatch(
      /href="mailto:amara@example.org\?subject=Your%20enquiry%20about%20Okavango/,
    );
    expect(html).toContain('href="https://wa.me/27825550123?text=Hello%20Amara');
    expect(html).toContain(`href="/package/${tripId}"`);
    expect(html).toContain("Not sent: the mail server failed");
    const noPhone = await seed(server, { phone: "" });
    expect((await page(`/admin/enquiries/${noPhone.id}`)).html).not.toContain("wa.me");
    expect((await get("/admin/enquiries/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("/admin/enquiries/not-a-uuid")).status).toBe(404);
  });

  it("changes the status and records who did it; a wrong status changes nothing", async () => {
    const e = await seed(server, {});
    const done = await post(`/admin/enquiries/${e.id}`, { intent: "status", status: "replied" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/enquiries/${e.id}`);
    const row = await server.db
      .selectFrom("enquiries")
      .selectAll()
      .where("id", "=", e.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("replied");
    const events = await server.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "enquiry.status_changed")
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_id).toBeTruthy();
    expect(events[0]!.details).toMatchObject({ enquiryId: e.id, from: "new", to: "replied" });

    const wrong = await post(`/admin/enquiries/${e.id}`, { intent: "status", status: "archived" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Choose New, Replied or Closed.");
    const after = await server.db
      .selectFrom("enquiries")
      .select("status")
      .where("id", "=", e.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("replied");
    const gone = await post("/admin/enquiries/00000000-0000-4000-8000-000000000000", {
      intent: "status",
      status: "closed",
    });
    expect(gone.status).toBe(404);
  });

  it("saves internal notes, refusing ones that are too long", async () => {
    const e = await seed(server, {});
    expect(
      (await post(`/admin/enquiries/${e.id}`, { intent: "notes", notes: "Called back\u202E." }))
        .status,
    ).toBe(302);
    const long = await post(`/admin/enquiries/${e.id}`, {
      intent: "notes",
      notes: "x".repeat(5001),
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Notes must be at most 5000 characters.");
    const row = await server.db
      .selectFrom("enquiries")
      .select("notes")
      .where("id", "=", e.id)
      .executeTakeFirstOrThrow();
    expect(row.notes).toBe("Called back.");
    expect((await page(`/admin/enquiries/${e.id}`)).html).toContain(">Called back.</textarea>");
  });

  it("deletes an enquiry after a confirmation step, leaving an event without personal data", async () => {
    const e = await seed(server, {});
    const confirm = (await page(`/admin/enquiries/${e.id}?delete=1`)).html;
    expect(confirm).toContain("Delete the enquiry from Amara Okafor for good?");
    const res = await post(`/admin/enquiries/${e.id}`, { intent: "delete" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/enquiries");
    expect(await server.db.selectFrom("enquiries").select("id").execute()).toHaveLength(0);
    const events = await server.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "enquiry.deleted")
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0])).not.toContain("amara");
    expect((await post(`/admin/enquiries/${e.id}`, { intent: "delete" })).status).toBe(404);
  });

  it("exports the filtered list as CSV, quoted, with formulas neutralised", async () => {
    await seed(server, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: "+1",
      phone: "-2",
      travelDates: "@SUM(A1)",
      message: 'Line one, with a comma\nand "quotes"',
    });
    await seed(server, { firstName: "Other", packageId: tripId, packageTitle: "Okavango Fly-In" });
    const res = await get("/admin/enquiries/export?package=none");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csv = await res.text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Received (UTC)","Status","First name","Last name","E-mail","Phone","Preferred travel dates","Trip","Message","Internal notes","Notification e-mail","Id"',
    );
    expect(csv).toContain(
      `"'=HYPERLINK(""http://evil"")","'+1","amara@example.org","'-2","'@SUM(A1)",""`,
    );
    expect(csv).toContain('"Line one, with a comma\nand ""quotes"""');
    expect(csv).not.toContain("Other");
  });

  it("retention deletes enquiries older than the setting, keeping younger ones", async () => {
    const old = await seed(server, { firstName: "Old" }, 731);
    const young = await seed(server, { firstName: "Young" }, 729);
    expect(await purgeOldEnquiries(server.db, 730)).toBe(1);
    const left = await server.db.selectFrom("enquiries").select("id").execute();
    expect(left.map((r) => r.id)).toEqual([young.id]);
    expect(left.map((r) => r.id)).not.toContain(old.id);
  });
});

describe("retention timer with a fake clock (postgres)", () => {
  afterEach(() => vi.useRealTimers());

  it("purges at start and then once a day, with the clock it is given", async () => {
    const server = await startLeadsServer("postgres", { ENQUIRY_RETENTION_DAYS: "30" });
    try {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      let clock = new Date("2027-01-01T00:00:00Z");
      const e = await insertEnquiry(server.db, base);
      await sql`update enquiries set created_at = ${new Date("2026-12-15T00:00:00Z")} where id = ${e.id}`.execute(
        server.db,
      );
      await sql`insert into enquiry_submissions (ip, submitted_at) values ('192.0.2.7', now() - interval '2 hours'), ('192.0.2.8', now())`.execute(
        server.db,
      );
      const stop = startEnquiryRetention(server.db, { days: 30, now: () => clock });
      const count = async () =>
        (await server.db.selectFrom("enquiries").select("id").execute()).length;
      // Polls with the real setTimeout (vi.waitFor would wait on the faked interval).
      const settle = async (expected: number) => {
        for (let i = 0; i < 100 && (await count()) !== expected; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await count()).toBe(expected);
      };
      await settle(1);
      // The rate limit forgets an address once its hour has passed.
      for (let i = 0; i < 100; i++) {
        const ips = await server.db.selectFrom("enquiry_submissions").select("ip").execute();
        if (ips.length === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(
        (await server.db.selectFrom("enquiry_submissions").select("ip").execute()).map((r) => r.ip),
      ).toEqual(["192.0.2.8"]);
      // 17 days old at start: kept; 26 days old on the next daily run: kept; 32 days old a run later: deleted.
      clock = new Date("2027-01-10T00:00:00Z");
      await vi.advanceTimersByTimeAsync(DAY_MS);
      await settle(1);
      clock = new Date("2027-01-16T00:00:01Z");
      await vi.advanceTimersByTimeAsync(DAY_MS);
      await settle(0);
      await stop();
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  }, 60_000);
});
