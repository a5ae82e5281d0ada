import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { DEFAULT_DEPOSIT_RULE } from "~/domain/deposits";
import { DEPOSIT_MESSAGES } from "~/domain/schemas";
import { todayIn } from "~/domain/trip-facts";
import { toApiPackage } from "~/server/api/api-schemas.server";
import { restoreVersion } from "~/server/catalogue/history.server";
import {
  createPackage,
  getPackageById,
  parsePackageInput,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { bookingPaymentSummary, depositTerms } from "~/server/payments/booking-checkout.server";
import { bookAndPay } from "~/server/payments/payments.server";
import { type StripeAccess } from "~/server/payments/stripe.server";
import type { Db } from "~/server/platform/db.server";
import { bookingRequest } from "../support/bookings";
import { BACKENDS, useTestDatabase } from "../support/db";
import {
  startStripeServer,
  testStripeAccess,
  type TestStripeServer,
} from "../support/stripe-server";

// A package's own deposit rule (decision 142): stored with the package, read back as written,
// refused with a clear message on bad input, and followed by Checkout instead of the company's.

const TODAY = todayIn("Africa/Johannesburg");
const SITE = { timeZone: "Africa/Johannesburg", limitedSeats: 4 };

let stripe: TestStripeServer;
let access: StripeAccess;

beforeAll(async () => {
  stripe = await startStripeServer();
  access = testStripeAccess(stripe);
});
afterAll(async () => {
  await stripe.close();
});

const trip = (extra: Record<string, unknown> = {}) => ({
  title: `Deposit ${Math.random().toString(36).slice(2, 8)}`,
  status: "published",
  departures: [{ start_date: "2031-06-14", seats_total: 10, price_amount: 2_450_000 }],
  ...extra,
});

async function stored(db: Db, id: string) {
  return db
    .selectFrom("packages")
    .select(["deposit_type", "deposit_value"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The message zod gives for an input, or null when it parses. */
function refusal(deposit: unknown): string | null {
  try {
    parsePackageInput("trip", trip({ deposit }));
    return null;
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    return error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  }
}

describe.each(BACKENDS)("a package's own deposit rule on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("is stored and read back; absent keeps it, null returns to the company's rule", async () => {
    const db = t.db();
    const created = await createPackage(
      db,
      "trip",
      parsePackageInput("trip", trip({ deposit: { type: "percent", value: 40 } })),
    );
    expect(created.deposit).toEqual({ type: "percent", value: 40 });
    expect(toApiPackage(created, SITE).deposit).toEqual({ type: "percent", value: 40 });
    expect(await stored(db, created.id)).toEqual({ deposit_type: "percent", deposit_value: "40" });

    // An edit that does not send the field (an older client, the admin form) keeps the rule.
    const kept = await updatePackage(
      db,
      "trip",
      created.id,
      parsePackageInput("trip", { title: "Renamed" }),
    );
    expect(kept.deposit).toEqual({ type: "percent", value: 40 });

    const perTraveller = await updatePackage(
      db,
      "trip",
      created.id,
      parsePackageInput("trip", trip({ deposit: { type: "per_traveller", value: 150_000 } })),
    );
    expect(toApiPackage(perTraveller, SITE).deposit).toEqual({
      type: "per_traveller",
      value: 150_000,
    });

    const full = await updatePackage(
      db,
      "trip",
      created.id,
      parsePackageInput("trip", trip({ deposit: { type: "full" } })),
    );
    expect(full.deposit).toEqual({ type: "full", value: null });

    const cleared = await updatePackage(
      db,
      "trip",
      created.id,
      parsePackageInput("trip", trip({ deposit: null })),
    );
    expect(cleared.deposit).toBeNull();
    expect(await stored(db, created.id)).toEqual({ deposit_type: null, deposit_value: null });

    // A package created without one follows the company's rule.
    const plain = await createPackage(db, "trip", parsePackageInput("trip", trip()));
    expect(toApiPackage(plain, SITE).deposit).toBeNull();
  });

  it("comes back with a restored version; a version older than the rule keeps today's", async () => {
    const db = t.db();
    const pkg = await createPackage(
      db,
      "trip",
      parsePackageInput("trip", trip({ deposit: { type: "percent", value: 40 } })),
    );
    const later = await updatePackage(
      db,
      "trip",
      pkg.id,
      parsePackageInput("trip", trip({ deposit: { type: "full" } })),
    );
    const first = await db
      .selectFrom("content_versions")
      .select(["id", "content"])
      .where("item_id", "=", pkg.id)
      .orderBy("number", "asc")
      .executeTakeFirstOrThrow();
    await restoreVersion(db, "trip", pkg.id, first.id, {
      by: null,
      expectedUpdatedAt: later.updated_at,
    });
    const restored = (await getPackageById(db, "trip", pkg.id))!;
    expect(restored.deposit).toEqual({ type: "percent", value: 40 });

    // The same version as the code before package rules stored it: no deposit at all.
    const { deposit: _d, ...older } = first.content as Record<string, unknown>;
    await db
      .updateTable("content_versions")
      .set({ content: JSON.stringify(older) })
      .where("id", "=", first.id)
      .execute();
    const full = await updatePackage(
      db,
      "trip",
      pkg.id,
      parsePackageInput("trip", trip({ deposit: { type: "full" } })),
    );
    await restoreVersion(db, "trip", pkg.id, first.id, {
      by: null,
      expectedUpdatedAt: full.updated_at,
    });
    expect((await getPackageById(db, "trip", pkg.id))!.deposit).toEqual({
      type: "full",
      value: null,
    });
  });

  it("refuses a bad rule with a message that says what is wrong, storing nothing", async () => {
    expect(refusal({ type: "percent", value: 30 })).toBeNull();
    expect(refusal({ type: "full", value: null })).toBeNull();
    expect(refusal("30%")).toBe(`deposit: ${DEPOSIT_MESSAGES.shape}`);
    expect(refusal({ type: "fixed", value: 100 })).toBe(`deposit.type: ${DEPOSIT_MESSAGES.type}`);
    expect(refusal({ type: "percent", value: "30" })).toBe(
      `deposit.value: ${DEPOSIT_MESSAGES.value}`,
    );
    for (const value of [0, 101, 12.5, undefined, null])
      expect(refusal({ type: "percent", value }), String(value)).toBe(
        `deposit.value: ${DEPOSIT_MESSAGES.percent}`,
      );
    for (const value of [0, -100, 99.5, 2e12, null])
      expect(refusal({ type: "per_traveller", value }), String(value)).toBe(
        `deposit.value: ${DEPOSIT_MESSAGES.perTraveller}`,
      );
    expect(refusal({ type: "full", value: 100 })).toBe(`deposit.value: ${DEPOSIT_MESSAGES.full}`);

    // The database holds the same rule: a row that slipped past the schema is refused too.
    const db = t.db();
    const pkg = await createPackage(db, "trip", parsePackageInput("trip", trip()));
    await expect(
      db
        .updateTable("packages")
        .set({ deposit_type: "percent", deposit_value: 150 })
        .where("id", "=", pkg.id)
        .execute(),
    ).rejects.toThrow();
    expect((await getPackageById(db, "trip", pkg.id))!.deposit).toBeNull();
  });

  it("charges at Checkout, and shows on the booking page, by the package's rule", async () => {
    const db = t.db();
    const cases = [
      // 2 travellers × R 24,500 = R 49,000 (4 900 000 cents).
      { deposit: { type: "percent", value: 40 }, amount: 1_960_000, kind: "deposit" },
      { deposit: { type: "per_traveller", value: 300_000 }, amount: 600_000, kind: "deposit" },
      { deposit: { type: "full" }, amount: 4_900_000, kind: "full" },
      // No rule of its own: the company's (here the default 25 %).
      { deposit: null, amount: 1_225_000, kind: "deposit" },
    ] as const;
    for (const c of cases) {
      const pkg = await createPackage(db, "trip", parsePackageInput("trip", trip(c)));
      const departureId = pkg.departures[0]!.id;
      const { booking, checkout } = await bookAndPay(
        db,
        access,
        departureId,
        bookingRequest({ adults: "2" }),
        {
          source: "online",
          holdHours: 48,
          today: TODAY,
          origin: "http://localhost:3000",
          rule: DEFAULT_DEPOSIT_RULE,
        },
      );
      if (booking.kind !== "booked") throw new Error(`not booked: ${booking.kind}`);
      if (checkout?.kind !== "checkout") throw new Error(`no checkout: ${checkout?.kind}`);
      const session = stripe.sessions.get(checkout.sessionId)!;
      expect(session.amount_total, JSON.stringify(c.deposit)).toBe(c.amount);
      expect(session.metadata).toMatchObject({ payment_kind: c.kind });

      // The private page asks for the same amount (its pay button starts a session of it).
      const summary = await bookingPaymentSummary(
        db,
        { reference: booking.receipt.reference, token: booking.receipt.token },
        { timeZone: SITE.timeZone },
      );
      expect(summary!.due).toMatchObject({ kind: c.kind, amount: c.amount });

      const terms = await depositTerms(db, departureId, SITE.timeZone);
      expect(terms!.rule).toMatchObject({
        type: c.deposit?.type ?? DEFAULT_DEPOSIT_RULE.type,
        balanceDueDays: DEFAULT_DEPOSIT_RULE.balanceDueDays,
      });
    }
  });
});
