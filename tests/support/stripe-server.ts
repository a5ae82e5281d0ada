// A Stripe-compatible server in the test process (node:http): the few endpoints the app uses,
// with memory, so tests can complete or expire sessions and sign the webhooks Stripe would send.
import { randomBytes } from "node:crypto";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { createStripeAccess, type StripeAccess } from "~/server/payments/stripe.server";

export const TEST_SECRET_KEY = "sk_test_wanderlux_local";
export const TEST_WEBHOOK_SECRET = "whsec_test_wanderlux_local";

type Json = Record<string, unknown>;
/** A parsed form body: nested objects and arrays of strings. */
interface FormNode {
  [key: string]: string | FormNode | FormNode[] | string[];
}

export interface TestSession extends Json {
  id: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  url: string | null;
}

export interface TestStripeServer {
  url: string;
  sessions: Map<string, TestSession>;
  /** Every session-creating POST that reached the server (replays included). */
  createRequests: number;
  /** The next request to `path` fails: an HTTP status with an API error, or a dropped socket. */
  failNext(path: string, failure: { status: number } | "reset"): void;
  /** Forgets the failures not yet used. */
  clearFailures(): void;
  /** Marks a session paid (as the hosted page would) and returns the signed event to deliver. */
  complete(id: string, options?: { async?: boolean }): SignedEvent;
  /** Expires an open session (its time ran out) and returns the signed event to deliver. */
  expire(id: string): SignedEvent;
  /** Where the hosted page's Pay button delivers its event (the app's /webhooks/stripe). */
  webhookUrl: string | undefined;
  /** The hosted page's deliveries, in order, with the app's answer. */
  deliveries: { eventId: string; type: string; status: number }[];
  /** Events the hosted page made while no webhookUrl was set, for the test to deliver. */
  undelivered: SignedEvent[];
  /** Every refund made, by its re_… id, with the idempotency key it was asked with. */
  refunds: Map<string, TestRefund>;
  /** A signed refund.* event about a refund made here, with fields changed as given. */
  refundEvent(id: string, type: string, changes?: Partial<TestRefund>): SignedEvent;
  close(): Promise<void>;
}

export interface TestRefund extends Json {
  id: string;
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

const rand = (n = 12) => randomBytes(n).toString("hex");
const nowS = () => Math.floor(Date.now() / 1000);

/** A Stripe event of `type` about `object`, signed with `secret` by the SDK's own helper. */
export function signedEvent(
  type: string,
  object: Json,
  secret: string = TEST_WEBHOOK_SECRET,
): SignedEvent {
  const id = `evt_test_${rand()}`;
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: nowS(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { id, payload, signature };
}

/** "line_items[0][price_data][unit_amount]=5" → { line_items: [{ price_data: { unit_amount: "5" } }] }. */
function parseForm(text: string): FormNode {
  const root: FormNode = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function send(res: ServerResponse, status: number, body: Json, headers: Json = {}): void {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_test_${rand(6)}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const invalid = (message: string, param?: string) => ({
  error: { type: "invalid_request_error", message, ...(param ? { param } : {}) },
});

/** Posts a signed event as Stripe does (node:http: no Origin, no Sec-Fetch-*); the app's status. */
export function deliverEvent(webhookUrl: string, event: SignedEvent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      webhookUrl,
      {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": event.signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(event.payload);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * The hosted Checkout page of a session: its amount and a Pay button (a plain form, so it works
 * in a browser with JavaScript off), and a link back to cancel_url.
 */
function hostedPage(session: TestSession): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const body =
    session.status === "open"
      ? `<p>Amount: <strong>${amount}</strong></p>
<form method="post" action="/pay/${session.id}/complete"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p>` : ""}`
      : "<p>This payment page is no longer available.</p>";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test Checkout</title>
<meta name="viewport" content="width=device-width"></head><body><main><h1>Test Checkout</h1>${body}</main></body></html>`;
}

export async function startStripeServer(
  options: { webhookUrl?: string } = {},
): Promise<TestStripeServer> {
  const sessions = new Map<string, TestSession>();
  const refunds = new Map<string, TestRefund>();
  // Queued per path: the SDK retries a dropped connection once even with retries off.
  const failures = new Map<string, ({ status: number } | "reset")[]>();
  const replies = new Map<string, { body: string; status: number; reply: Json }>();
  const state = { createRequests: 0, webhookUrl: options.webhookUrl };
  const deliveries: { eventId: string; type: string; status: number }[] = [];
  const undelivered: SignedEvent[] = [];
  let base = "";

  function createSession(form: FormNode): [number, Json] {
    const items = form.line_items as FormNode[] | undefined;
    const item = items?.[0];
    const price = item?.price_data as FormNode | undefined;
    const amount = Number(price?.unit_amount);
    const currency = String(price?.currency ?? "");
    const expiresAt = Number(form.expires_at);
    if (form.mode !== "payment") return [400, invalid("mode must be payment", "mode")];
    if (!price || !/^[a-z]{3}$/.test(currency) || !Number.isSafeInteger(amount) || amount <= 0)
      return [400, invalid("Invalid price_data", "line_items")];
    if (!(price.product_data as FormNode | undefined)?.name)
      return [400, invalid("product_data[name] is required", "line_items")];
    if (!form.success_url) return [400, invalid("success_url is required", "success_url")];
    if (!(expiresAt >= nowS() + 1800 - 5 && expiresAt <= nowS() + 86400))
      return [400, invalid("expires_at must be 30 minutes to 24 hours away", "expires_at")];
    const id = `cs_test_${rand()}`;
    const session: TestSession = {
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount * Number(item!.quantity ?? 1),
      amount_subtotal: amount * Number(item!.quantity ?? 1),
      currency,
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      expires_at: expiresAt,
      created: nowS(),
      livemode: false,
      mode: "payment",
      ui_mode: "hosted_page",
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? null,
      url: `${base}/pay/${id}`,
    };
    sessions.set(id, session);
    return [200, session];
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    const hosted = /^\/pay\/([^/]+)(\/complete)?$/.exec(path);
    if (hosted) {
      await hostedRequest(req, res, hosted[1]!, Boolean(hosted[2]));
      return;
    }
    const failure = failures.get(path)?.shift();
    if (failure) {
      if (failure === "reset") {
        req.socket.destroy();
        return;
      }
      send(res, failure.status, { error: { type: "api_error", message: "Test failure" } });
      return;
    }
    if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      send(res, 401, invalid("Invalid API Key provided"));
      return;
    }
    const key = req.headers["idempotency-key"];
    const replayKey = typeof key === "string" ? `${key} ${req.method} ${path}` : null;
    if (replayKey) {
      const earlier = replies.get(replayKey);
      if (earlier) {
        if (earlier.body !== body) {
          send(res, 400, {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          });
        } else send(res, earlier.status, earlier.reply, { "idempotent-replayed": "true" });
        return;
      }
    }
    let status = 404;
    let reply: Json = invalid(`Unrecognized request URL (${req.method}: ${path})`);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      state.createRequests++;
      [status, reply] = createSession(parseForm(body));
    } else if (sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session) {
        status = 404;
        reply = {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            param: "session",
            message: `No such checkout.session: '${sessionPath[1]}'`,
          },
        };
      } else if (req.method === "GET" && !sessionPath[2]) {
        [status, reply] = [200, session];
      } else if (req.method === "POST" && sessionPath[2]) {
        if (session.status !== "open") [status, reply] = [400, invalid("Session is not open")];
        else {
          Object.assign(session, { status: "expired", url: null });
          [status, reply] = [200, session];
        }
      }
    } else if (req.method === "POST" && path === "/v1/refunds") {
      const form = parseForm(body);
      const paid = [...sessions.values()].find(
        (s) => s.payment_intent === form.payment_intent && s.status === "complete",
      );
      // What this payment has given back already: a charge refunds up to its amount, in parts.
      const back = [...refunds.values()]
        .filter((r) => r.payment_intent === paid?.payment_intent)
        .reduce((sum, r) => sum + r.amount, 0);
      const left = paid ? paid.amount_total - back : 0;
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!paid) [status, reply] = [404, invalid("No such payment_intent", "payment_intent")];
      else if (!amount || amount > left)
        [status, reply] = [400, invalid("Refund amount is greater than the charge", "amount")];
      else {
        const refund: TestRefund = {
          id: `re_test_${rand()}`,
          object: "refund",
          amount,
          currency: paid.currency,
          payment_intent: paid.payment_intent!,
          charge: `ch_test_${rand()}`,
          status: "succeeded",
          metadata: (form.metadata as Record<string, string> | undefined) ?? {},
          created: nowS(),
          idempotencyKey: typeof key === "string" ? key : null,
        };
        refunds.set(refund.id, refund);
        const { idempotencyKey: _, ...answer } = refund;
        [status, reply] = [200, answer];
      }
    }
    if (replayKey && status < 500) replies.set(replayKey, { body, status, reply });
    send(res, status, reply);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void handle(req, res, Buffer.concat(chunks).toString("utf8"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function must(id: string): TestSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  function completeSession(id: string, async = false): SignedEvent {
    const session = must(id);
    Object.assign(session, {
      status: "complete",
      url: null,
      payment_status: async ? "unpaid" : "paid",
      payment_intent: `pi_test_${rand()}`,
    });
    return signedEvent("checkout.session.completed", { ...session });
  }

  /** GET /pay/:id shows the page; POST /pay/:id/complete pays, delivers the event, goes back. */
  async function hostedRequest(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    complete: boolean,
  ): Promise<void> {
    const session = sessions.get(id);
    if (!session) {
      res.writeHead(404, { "content-type": "text/plain" }).end("No such session");
      return;
    }
    if (!complete || req.method !== "POST" || session.status !== "open") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostedPage(session));
      return;
    }
    const event = completeSession(id);
    if (state.webhookUrl) {
      const status = await deliverEvent(state.webhookUrl, event);
      deliveries.push({ eventId: event.id, type: "checkout.session.completed", status });
    } else undelivered.push(event);
    const back = String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id);
    res.writeHead(303, { location: back }).end();
  }

  return {
    url: base,
    sessions,
    get createRequests() {
      return state.createRequests;
    },
    failNext(path, failure) {
      failures.set(path, [...(failures.get(path) ?? []), failure]);
    },
    clearFailures() {
      failures.clear();
    },
    complete(id, options = {}) {
      return completeSession(id, options.async);
    },
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(url) {
      state.webhookUrl = url;
    },
    deliveries,
    undelivered,
    expire(id) {
      const session = must(id);
      Object.assign(session, { status: "expired", url: null });
      return signedEvent("checkout.session.expired", { ...session });
    },
    refunds,
    refundEvent(id, type, changes = {}) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      const { idempotencyKey: _, ...object } = { ...refund, ...changes };
      return signedEvent(type, object);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's Stripe access pointed at `server` with the test keys: what payment tests pay through. */
export function testStripeAccess(
  server: TestStripeServer,
  options: { retries?: number; timeoutMs?: number } = { retries: 0, timeoutMs: 5_000 },
): StripeAccess {
  return createStripeAccess(
    {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: server.url,
    },
    options,
  )!;
}
