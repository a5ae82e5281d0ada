import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { restoreVersion } from "~/server/catalogue/history.server";
import { replaceDepartures } from "~/server/catalogue/departures.server";
import { getPackageById, updatePackage } from "~/server/catalogue/packages.server";
import { inTransaction } from "~/server/platform/db.server";
import { migrateToLatest, migrateUpTo } from "~/server/platform/migrate.server";
import { registerApiHarness } from "../support/api-harness";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";

// Departures as rows (decision 115): the migration from the jsonb list, the write rules that
// keep a departure's id, and the API's shape, on both databases.

const BEFORE_DEPARTURES = "2026-11-25T2400-moment-thumbnail-alt";

describe.each(BACKENDS)("departures on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("the migration turns each list into rows, keeping every date, note and status, and a price it cannot read as text", async () => {
    const db = t.db();
    // Back to the schema before departures were rows (the down migration runs), then old data.
    await migrateUpTo(db, BEFORE_DEPARTURES);
    const oldList = [
      {
        start_date: "2027-06-14",
        end_date: "2027-06-21",
        price: "R 24 500 pp",
        status: "guaranteed",
        note: "Winter",
      },
      { start_date: "2027-07-01", end_date: null, price: null, status: "limited", note: null },
      {
        start_date: "2027-08-01",
        end_date: null,
        price: "Price on request",
        status: "sold_out",
        note: null,
      },
      {
        start_date: "2027-09-01",
        end_date: null,
        price: "$1,200",
        status: "available",
        note: null,
      },
      {
        start_date: "2027-10-01",
        end_date: null,
        price: "R 24 500 – R 30 000",
        status: "available",
        note: null,
      },
    ];
    const { id } = await sql<{ id: string }>`
      insert into packages (kind, slug, title, price, position, departures)
      values ('trip', 'old-trip', 'Old Trip', 'From R 32,900 pp', 0, ${JSON.stringify(oldList)}::jsonb)
      returning id`
      .execute(db)
      .then((r) => r.rows[0]!);
    await sql`insert into packages (kind, slug, title, price, position)
      values ('trip', 'no-dates', 'No Dates', 'On request', 1)`.execute(db);
    await migrateToLatest(db);

    const pkg = (await getPackageById(db, "trip", id))!;
    const rows = pkg.departures.map(({ id: rowId, seats_taken, ...d }) => {
      expect(rowId).toMatch(/^[0-9a-f-]{36}$/);
      expect(seats_taken).toBe(0);
      return d;
    });
    const base = {
      end_date: null,
      seats_total: null,
      note: null,
      guaranteed: false,
      status_override: null,
    };
    expect(rows).toEqual([
      {
        ...base,
        start_date: "2027-06-14",
        end_date: "2027-06-21",
        price_amount: 2_450_000,
        currency: "ZAR",
        price_text: null,
        note: "Winter",
        guaranteed: true,
      },
      // No fare of its own: it showed the package's price, which is read.
      {
        ...base,
        start_date: "2027-07-01",
        price_amount: 3_290_000,
        currency: "ZAR",
        price_text: null,
        status_override: "limited",
      },
      {
        ...base,
        start_date: "2027-08-01",
        price_amount: null,
        currency: "ZAR",
        price_text: "Price on request",
        status_override: "sold_out",
      },
      {
        ...base,
        start_date: "2027-09-01",
        price_amount: 120_000,
        currency: "USD",
        price_text: null,
      },
      {
        ...base,
        start_date: "2027-10-01",
        price_amount: null,
        currency: "ZAR",
        price_text: "R 24 500 – R 30 000",
      },
    ]);
    const none = await db
      .selectFrom("departures")
      .selectAll()
      .where("package_id", "!=", id)
      .execute();
    expect(none).toEqual([]);

    // Down again: the list comes back with every date, note and status.
    await migrateUpTo(db, BEFORE_DEPARTURES);
    const back = await sql<{
      departures: {
        start_date: string;
        status: string;
        note: string | null;
        price: string | null;
      }[];
    }>`
      select departures from packages where id = ${id}`.execute(db);
    expect(back.rows[0]!.departures.map((d) => [d.start_date, d.status, d.note, d.price])).toEqual([
      ["2027-06-14", "guaranteed", "Winter", "ZAR 24500.00"],
      ["2027-07-01", "limited", null, "ZAR 32900.00"],
      ["2027-08-01", "sold_out", null, "Price on request"],
      ["2027-09-01", "available", null, "USD 1200.00"],
      ["2027-10-01", "available", null, "R 24 500 – R 30 000"],
    ]);
    await migrateToLatest(db);
  });

  it("an update keeps each departure's id, adds new ones and removes the rest", async () => {
    const db = t.db();
    const pkg = await makePackage(db, "trip", {
      departures: [
        { start_date: "2031-01-10", seats_total: 10, price_amount: 1_000_000 },
        { start_date: "2031-02-10" },
      ],
    });
    const [first, second] = pkg.departures;
    const updated = await updatePackage(
      db,
      "trip",
      pkg.id,
      packageInput("trip", {
        departures: [
          {
            id: first!.id,
            start_date: "2031-01-11",
            seats_total: 12,
            price_amount: 1_100_000,
            currency: "usd",
          },
          { start_date: "2031-03-10", price: "R 9 900" },
        ],
      }),
      { currency: "EUR" },
    );
    expect(
      updated.departures.map((d) => [
        d.id === first!.id,
        d.start_date,
        d.seats_total,
        d.price_amount,
        d.currency,
      ]),
    ).toEqual([
      [true, "2031-01-11", 12, 1_100_000, "USD"],
      [false, "2031-03-10", null, 990_000, "ZAR"],
    ]);
    expect(updated.departures.some((d) => d.id === second!.id)).toBe(false);
  });

  it("refuses another package's departure id or one listed twice, changing nothing", async () => {
    const db = t.db();
    const mine = await makePackage(db, "trip", {
      title: "Mine",
      departures: [{ start_date: "2031-01-10" }],
    });
    const theirs = await makePackage(db, "trip", {
      title: "Theirs",
      departures: [{ start_date: "2031-05-10" }],
    });
    const stolen = theirs.departures[0]!.id;
    const input = (departures: unknown[]) =>
      packageInput("trip", { title: "Mine", departures: departures as never });
    await expect(
      updatePackage(db, "trip", mine.id, input([{ id: stolen, start_date: "2031-06-01" }])),
    ).rejects.toMatchObject({ status: 400, message: "A departure id belongs to another package" });
    const own = mine.departures[0]!.id;
    await expect(
      updatePackage(
        db,
        "trip",
        mine.id,
        input([
          { id: own, start_date: "2031-06-01" },
          { id: own, start_date: "2031-07-01" },
        ]),
      ),
    ).rejects.toMatchObject({ status: 400, message: "The same departure is listed twice" });
    expect((await getPackageById(db, "trip", mine.id))!.departures).toEqual(mine.departures);
    expect((await getPackageById(db, "trip", theirs.id))!.departures).toEqual(theirs.departures);
  });

  it("a failure in the middle of a write leaves the departures as they were", async () => {
    const db = t.db();
    const pkg = await makePackage(db, "trip", {
      departures: [{ start_date: "2031-01-10", seats_total: 5 }],
    });
    await expect(
      inTransaction(db, async (trx) => {
        await replaceDepartures(trx, pkg.id, [], "ZAR");
        throw new Error("fault after the departures were replaced");
      }),
    ).rejects.toThrow("fault after");
    expect((await getPackageById(db, "trip", pkg.id))!.departures).toEqual(pkg.departures);
  });

  it("restores a version saved before departures were rows, reading its prices", async () => {
    const db = t.db();
    const pkg = await makePackage(db, "trip", {
      departures: [{ start_date: "2031-01-10", seats_total: 8 }],
    });
    const latest = await db
      .selectFrom("content_versions")
      .select(["id", "content"])
      .where("item_id", "=", pkg.id)
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    // Rewrite that version as the old code stored it: departures with a price text and a status.
    const content = {
      ...(latest.content as Record<string, unknown>),
      departures: [
        {
          start_date: "2031-04-01",
          end_date: null,
          price: "R 18 000",
          status: "sold_out",
          note: "Easter",
        },
      ],
    };
    await db
      .updateTable("content_versions")
      .set({ content: JSON.stringify(content) })
      .where("id", "=", latest.id)
      .execute();
    await makePackage(db, "trip", { title: "Other" });
    const current = (await getPackageById(db, "trip", pkg.id))!;
    await restoreVersion(db, "trip", pkg.id, latest.id, {
      by: null,
      expectedUpdatedAt: current.updated_at,
      currency: "ZAR",
    });
    const restored = (await getPackageById(db, "trip", pkg.id))!;
    expect(
      restored.departures.map((d) => [
        d.start_date,
        d.price_amount,
        d.currency,
        d.status_override,
        d.note,
      ]),
    ).toEqual([["2031-04-01", 1_800_000, "ZAR", "sold_out", "Easter"]]);
  });
});

describe("departures over the JSON API", () => {
  const h = registerApiHarness({}, { resetEachTest: true });

  it("takes seats, an amount and a currency, and reads seats left and the derived status back", async () => {
    const created = await h.send("POST", "/api/trips", {
      title: "Seats Trip",
      status: "published",
      departures: [
        {
          start_date: "2031-01-10",
          seats_total: 3,
          price_amount: 2_450_000,
          currency: "ZAR",
          guaranteed: true,
        },
        { start_date: "2031-02-10", seats_total: 20, price_amount: 2_450_000 },
        { start_date: "2031-03-10", status: "sold_out" },
      ],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const body = (await created.json()) as { id: string; departures: Record<string, unknown>[] };
    expect(
      body.departures.map((d) => [
        d.seats_total,
        d.seats_left,
        d.price_amount,
        d.currency,
        d.status,
        d.status_override,
        d.guaranteed,
      ]),
    ).toEqual([
      [3, 3, 2_450_000, "ZAR", "limited", null, true],
      [20, 20, 2_450_000, "ZAR", "available", null, false],
      [null, null, null, "ZAR", "sold_out", "sold_out", false],
    ]);
    // What a read gives, written back unchanged, changes nothing: a derived "limited" stays derived.
    const read = (await (await h.get(`/api/trips/${body.id}`, { admin: true })).json()) as {
      departures: unknown[];
      updated_at: string;
    };
    const put = await h.send("PUT", `/api/trips/${body.id}`, {
      title: "Seats Trip",
      departures: read.departures,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const again = (await put.json()) as { departures: unknown[] };
    expect(again.departures).toEqual(read.departures);
  });

  it("refuses a fractional amount, an unknown currency, 0 seats and a malformed id with the reason, storing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start_date: "2031-01-10", price_amount: 24500.5 }, "price_amount is whole minor units"],
      [
        { start_date: "2031-01-10", price_amount: 100, currency: "XYZ" },
        "Currency must be a three-letter ISO 4217 code",
      ],
      [{ start_date: "2031-01-10", seats_total: 0 }, "Seats must be a whole number from 1 to 999"],
      [{ start_date: "2031-01-10", id: "nope" }, "Unknown departure id"],
      [
        { start_date: "2031-01-10", status_override: "closed" },
        "status_override must be limited, sold_out or null",
      ],
    ];
    for (const [row, message] of cases) {
      const res = await h.send("POST", "/api/trips", {
        title: `Bad ${randomUUID().slice(0, 4)}`,
        departures: [row],
      });
      expect(res.status, JSON.stringify(row)).toBe(400);
      expect(await res.text()).toContain(message);
    }
    const list = (await (await h.get("/api/trips", { admin: true })).json()) as unknown[];
    expect(list).toEqual([]);
  });
});
