import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../support/db";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import {
  signedEvent,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type SignedEvent,
} from "../support/stripe-server";

// POST /webhooks/stripe on the built server (decision 130): the raw body reaches the signature
// check past the body guard, a bad signature is 400 and stores nothing, a replay is stored once.
// Sent with node:http as Stripe does: no Origin, no Sec-Fetch-* headers.

function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/webhooks/stripe`, { method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const deliver = (
  url: string,
  event: SignedEvent,
  contentType = "application/json; charset=utf-8",
) =>
  post(url, event.payload, {
    "content-type": contentType,
    "stripe-signature": event.signature,
    "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  });

describe.each(BACKENDS)("the Stripe webhook on %s", (backend) => {
  let server: LeadsServer;
  beforeAll(async () => {
    server = await startLeadsServer(backend, {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: "http://127.0.0.1:9",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const stored = () => server.db.selectFrom("stripe_events").select(["id", "type"]).execute();

  it("verifies the raw body, stores each event once, and refuses forged ones with 400", async () => {
    const event = signedEvent("checkout.session.completed", {
      id: "cs_test_unknown",
      object: "checkout.session",
    });
    const first = await deliver(server.url, event);
    expect(first).toEqual({ status: 200, text: JSON.stringify({ received: true }) });
    expect(await deliver(server.url, event)).toMatchObject({ status: 200 });
    expect(await stored()).toEqual([{ id: event.id, type: "checkout.session.completed" }]);

    const forged = signedEvent("checkout.session.completed", { id: "cs_x" }, "whsec_wrong");
    expect(await deliver(server.url, forged)).toEqual({
      status: 400,
      text: "Invalid Stripe signature",
    });
    const tampered = { ...event, payload: event.payload.replace("unknown", "other") };
    expect((await deliver(server.url, tampered)).status).toBe(400);
    // Not JSON: the raw parser leaves no body, so the check fails; never the body guard's 415.
    expect((await deliver(server.url, signedEvent("x", {}), "text/plain")).status).toBe(400);
    expect(await stored()).toHaveLength(1);
  });
});

describe("without Stripe keys", () => {
  let server: LeadsServer;
  beforeAll(async () => {
    server = await startLeadsServer("pglite");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("has no webhook: the post is refused as any JSON post to a page, and nothing is stored", async () => {
    const event = signedEvent("checkout.session.completed", { id: "cs_test_off" });
    const res = await deliver(server.url, event);
    expect(res.status).toBe(415);
    expect(await server.db.selectFrom("stripe_events").selectAll().execute()).toEqual([]);
  });
});
