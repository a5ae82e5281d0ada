import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "~/server/leads/honeypot.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  clearLeads,
  decodeEntities,
  sleep,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import { textOf } from "../support/site-html";
import {
  deliverEvent,
  startStripeServer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type TestStripeServer,
} from "../support/stripe-server";

// Book and pay over HTTP on the built server (decisions 130, 131, 133, 134): the booking page's
// deposit and button, the 303 to Checkout with the CSP that lets a form follow it, the way back
// through the return page, the private page before and after the webhook, Stripe unreachable,
// and the pay button of a booking that already exists. Without the keys, no word of card payment.

const TRAVELLER = {
  adults: "2",
  children: "0",
  lead_name: "Thandi Mokoena",
  email: "thandi@example.com",
  phone: "+27 82 555 0101",
  country: "South Africa",
  accept_terms: "on",
};

/** The booking page's honeypot fields and price, as a browser posts them back (one use each). */
async function formFields(server: LeadsServer, id: string): Promise<Record<string, string>> {
  const html = await (await server.fetch(`/book/${id}`)).text();
  const time = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1];
  const seen = html.match(/name="seen_amount" value="(\d+)"/)?.[1];
  if (!time || !seen) throw new Error("no booking form");
  return { name__confirm: "", from__confirm: decodeEntities(time), seen_amount: seen };
}

async function tripDate(server: LeadsServer, start = "2031-06-14"): Promise<string> {
  const pkg = await makePackage(server.db, "trip", {
    title: "Okavango by Mokoro",
    departures: [{ start_date: start, seats_total: 10, price_amount: 2_450_000 }],
  });
  return pkg.departures[0]!.id;
}

const formAction = (res: Response) =>
  res.headers
    .get("content-security-policy")
    ?.split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("form-action"));

describe("with no Stripe keys", () => {
  let server: LeadsServer;
  beforeAll(async () => {
    server = await startLeadsServer("pglite");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("mentions no card payment on the booking page or the private page, and allows forms only here", async () => {
    const departureId = await tripDate(server);
    const page = await server.fetch(`/book/${departureId}`);
    expect(formAction(page)).toBe("form-action 'self'");
    const html = await page.text();
    expect(textOf(html)).toContain("Nothing is paid now.");
    for (const word of [/card/i, /stripe/i, /deposit/i, /pay (in full|deposit)/i, /checkout/i])
      expect(textOf(html)).not.toMatch(word);
    expect(html).not.toContain('value="pay"');

    const ready = await formFields(server, departureId);
    await sleep(MIN_FILL_MS + 200);
    // A forged "pay" intent books a plain request.
    const res = await formPost(
      server,
      `/book/${departureId}`,
      { ...ready, ...TRAVELLER, intent: "pay" },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/booking\/WLX-[A-Z0-9]{6}\?token=[\w-]+&new=1$/);
    expect(res.headers.get("set-cookie")).toBeNull();
    const text = textOf(await (await server.fetch(location)).text());
    expect(text).toContain("Requested");
    for (const word of [/card/i, /stripe/i, /deposit/i, /paid/i, /balance/i])
      expect(text).not.toMatch(word);
  });
});

describe.each(BACKENDS)("book and pay over HTTP on %s", (backend) => {
  let server: LeadsServer;
  let stripe: TestStripeServer;
  let departureId: string;

  beforeAll(async () => {
    stripe = await startStripeServer();
    server = await startLeadsServer(backend, {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    departureId = await tripDate(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });
  beforeEach(async () => {
    await clearLeads(server.db);
  });

  async function bookAndPay(): Promise<Response> {
    const ready = await formFields(server, departureId);
    await sleep(MIN_FILL_MS + 200);
    return formPost(
      server,
      `/book/${departureId}`,
      { ...ready, ...TRAVELLER, intent: "pay" },
      ACCEPTS_HTML,
    );
  }

  it("shows the deposit and Book and pay, and lets forms go to Checkout's origin", async () => {
    const page = await server.fetch(`/book/${departureId}`);
    expect(formAction(page)).toBe(
      `form-action 'self' https://checkout.stripe.com ${new URL(stripe.url).origin}`,
    );
    const text = textOf(await page.text());
    expect(text).toContain("25% of the total, paid when you book");
    expect(text).toContain("Balance due 15 Apr 2031");
    expect(text).toContain("Book and pay deposit");
    expect(text).toContain("Send booking request");
  });

  it("shows a package's own deposit rule instead of the company's (decision 142)", async () => {
    const perTraveller = await makePackage(server.db, "trip", {
      title: "Kalahari by Night",
      departures: [{ start_date: "2031-06-14", seats_total: 10, price_amount: 2_450_000 }],
      deposit: { type: "per_traveller", value: 300_000 },
    });
    const text = textOf(
      await (await server.fetch(`/book/${perTraveller.departures[0]!.id}`)).text(),
    );
    expect(text).toContain("R 3,000 per traveller, paid when you book");
    expect(text).not.toContain("25% of the total");
    expect(text).toContain("Balance due 15 Apr 2031");

    const full = await makePackage(server.db, "trip", {
      title: "Fish River Canyon",
      departures: [{ start_date: "2031-06-14", seats_total: 10, price_amount: 2_450_000 }],
      deposit: { type: "full" },
    });
    const fullText = textOf(await (await server.fetch(`/book/${full.departures[0]!.id}`)).text());
    expect(fullText).toContain("Book and pay in full");
    expect(fullText).not.toContain("Book and pay deposit");
  });

  it("answers 303 to the session, comes back through the return page, and shows the webhook's state", async () => {
    const res = await bookAndPay();
    expect(res.status, await res.clone().text()).toBe(303);
    const url = res.headers.get("location")!;
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    expect(session).toMatchObject({ amount_total: 1_225_000, currency: "zar" });
    const reference = session.metadata.booking_reference!;
    expect(formAction(res)).toContain(new URL(stripe.url).origin);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(
      new RegExp(`^wlx_checkout=[\\w-]{43}; Path=/booking/${reference}; HttpOnly; SameSite=Lax;`),
    );
    const token = cookie.match(/^wlx_checkout=([\w-]+)/)![1]!;

    // Back from Checkout: on to the private page, which shows the payment as the webhook left it.
    const back = await server.fetch(`/booking/${reference}/return?session_id=${session.id}`, {
      headers: { ...ACCEPTS_HTML, Cookie: `wlx_checkout=${token}` },
    });
    expect(back.status).toBe(303);
    const privatePage = back.headers.get("location")!;
    expect(privatePage).toBe(`/booking/${reference}?token=${token}&session=${session.id}`);
    const before = textOf(await (await server.fetch(privatePage)).text());
    expect(before).toContain("Your payment is being confirmed");
    expect(before).toContain("Requested");
    expect(before).toMatch(/Paid\s*R\s0/);

    expect(await deliverEvent(`${server.url}/webhooks/stripe`, stripe.complete(session.id))).toBe(
      200,
    );
    const after = textOf(await (await server.fetch(privatePage)).text());
    expect(after).toContain("Thank you: your payment is received.");
    expect(after).toContain("Deposit paid");
    expect(after).toMatch(/Paid\s*R\s12,250/);
    expect(after).toMatch(/Balance\s*R\s36,750, due by 15 Apr 2031/);
    expect(after).toContain("Pay the balance: R 36,750");

    // Without the cookie (another browser), the return page marks nothing and says where to look.
    const lost = await server.fetch(`/booking/${reference}/return?session_id=${session.id}`);
    expect(lost.status).toBe(200);
    expect(textOf(await lost.text())).toContain("Your payment is being confirmed");
  });

  it("keeps a plain request with its hold when Stripe is unreachable, and the page says so", async () => {
    // Every attempt of the SDK's (the server's client retries twice) finds the socket dropped.
    for (let i = 0; i < 4; i++) stripe.failNext("/v1/checkout/sessions", "reset");
    const res = await bookAndPay();
    stripe.clearFailures();
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/booking\/WLX-\w{6}\?token=[\w-]+&new=1&payment=unavailable$/);
    const reference = location.match(/WLX-\w{6}/)![0];
    const row = await server.db
      .selectFrom("bookings")
      .select(["id", "status", "hold_expires_at"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("requested");
    // The ordinary 48-hour hold, not the session's half hour.
    expect(new Date(row.hold_expires_at!).getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(
      await server.db
        .selectFrom("payments")
        .where("booking_id", "=", row.id)
        .select("id")
        .execute(),
    ).toEqual([]);
    const text = textOf(await (await server.fetch(location)).text());
    expect(text).toContain("We could not reach our payment provider, so nothing was charged.");
    expect(text).toContain("Pay deposit: R 12,250");

    // The pay button later: a session of its own (a key of its own), the hold kept, not shortened.
    const link = location.replace("&new=1&payment=unavailable", "");
    const token = new URL(link, server.url).searchParams.get("token")!;
    const pay = await formPost(
      server,
      `/booking/${reference}`,
      { token, intent: "pay" },
      {
        ...ACCEPTS_HTML,
      },
    );
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const payment = await server.db
      .selectFrom("payments")
      .select(["idempotency_key", "status"])
      .where("booking_id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ idempotency_key: `checkout:${row.id}:deposit:1`, status: "open" });
    const held = await server.db
      .selectFrom("bookings")
      .select("hold_expires_at")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(new Date(held.hold_expires_at!).getTime()).toBe(
      new Date(row.hold_expires_at!).getTime(),
    );
  });

  it("sends a traveller who left Checkout back to the same open session, then a new one once it ended", async () => {
    const res = await bookAndPay();
    const url = res.headers.get("location")!;
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    const reference = session.metadata.booking_reference!;
    const token = res.headers.get("set-cookie")!.match(/^wlx_checkout=([\w-]+)/)![1]!;

    const cancelled = await server.fetch(`/booking/${reference}/return?cancelled=1`, {
      headers: { Cookie: `wlx_checkout=${token}` },
    });
    const page = cancelled.headers.get("location")!;
    expect(page).toBe(`/booking/${reference}?token=${token}&payment=cancelled`);
    const text = textOf(await (await server.fetch(page)).text());
    expect(text).toContain("You left the payment page before paying, so nothing was charged.");

    const again = await formPost(server, `/booking/${reference}`, { token, intent: "pay" });
    expect(again.headers.get("location")).toBe(url);
    // Expired at Stripe (its event not yet here): a new session, under a key of its own.
    stripe.sessions.get(session.id)!.status = "expired";
    const fresh = await formPost(server, `/booking/${reference}`, { token, intent: "pay" });
    expect(fresh.status).toBe(303);
    expect(fresh.headers.get("location")).not.toBe(url);
    const keys = await server.db
      .selectFrom("payments")
      .innerJoin("bookings", "bookings.id", "payments.booking_id")
      .select("payments.idempotency_key")
      .where("bookings.reference", "=", reference)
      .orderBy("payments.created_at")
      .execute();
    expect(keys.map((k) => k.idempotency_key?.replace(/^checkout:[\w-]+:/, ""))).toEqual([
      "deposit",
      "deposit:2",
    ]);
    // The old session's expiry no longer ends the booking: the new session holds its seats.
    expect(await deliverEvent(`${server.url}/webhooks/stripe`, stripe.expire(session.id))).toBe(
      200,
    );
    const row = await server.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("requested");
  });

  it("refuses a pay post with a wrong token: the private page's 404, nothing started", async () => {
    const sessions = stripe.createRequests;
    const res = await formPost(server, "/booking/WLX-ABCDEF", {
      token: "x".repeat(43),
      intent: "pay",
    });
    expect(res.status).toBe(303);
    const page = await server.fetch(res.headers.get("location")!);
    expect(page.status).toBe(404);
    expect(stripe.createRequests).toBe(sessions);
  });
});
