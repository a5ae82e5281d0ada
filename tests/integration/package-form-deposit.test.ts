import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEPOSIT_FORM_MESSAGES, type PackageFormReply } from "~/domain/package-form";
import { createPackage, parsePackageInput } from "~/server/catalogue/packages.server";
import {
  loadPackageForm,
  submitPackageForm,
  type PackageFormTarget,
} from "~/server/catalogue/package-form.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import type { Db } from "~/server/platform/db.server";
import { ensureTestAdmin } from "../support/auth-support";
import { BACKENDS, useTestDatabase } from "../support/db";

// The package form's Deposit fieldset (decision 145): what the form posts reaches the package's
// own deposit rule (decision 142) through the same save as the API, with field errors and nothing
// changed on bad input, and a version that records it.

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-form-deposit-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const SITE = { timeZone: "Africa/Johannesburg", currency: "ZAR" };
const COMPANY = { type: "percent", value: 25, balanceDueDays: 60 } as const;
const deps = { media: new LocalMediaStore(path.join(mediaDir, "media")), site: SITE };

type Fields = [string, string][];

/** The post the form sends without JavaScript (multipart, streamed). */
function upload(fields: Fields) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  const request = new Request("http://localhost/admin/new-package", { method: "POST", body });
  return { headers: request.headers, body: request.body };
}

const basics = (title: string): Fields => [
  ["title", title],
  ["price", "From R 24 500"],
  ["status", "draft"],
  ["departures[0].start_date", "2031-06-14"],
  ["departures[0].seats", "12"],
  ["departures[0].amount", "24500"],
  ["departures[0].currency", "ZAR"],
];

const deposit = (type: string, percent = "", amount = ""): Fields => [
  ["deposit.type", type],
  ["deposit.percent", percent],
  ["deposit.amount", amount],
];

async function stored(db: Db, id: string) {
  return db
    .selectFrom("packages")
    .select(["deposit_type", "deposit_value", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function versionsOf(db: Db, id: string) {
  const rows = await db
    .selectFrom("content_versions")
    .select(["number", "content"])
    .where("item_id", "=", id)
    .orderBy("number")
    .execute();
  return rows.map((r) => (r.content as { deposit?: unknown }).deposit);
}

/** A refused post: its status and the field errors Conform shows. */
function refusedWith(outcome: unknown) {
  const reply = outcome as { data: PackageFormReply; init: { status?: number } | null };
  return { status: reply.init?.status, errors: reply.data.result.error ?? {} };
}

describe.each(BACKENDS)("the package form's Deposit fieldset on %s", (backend) => {
  const t = useTestDatabase(backend);

  async function submit(target: PackageFormTarget, fields: Fields) {
    const admin = await ensureTestAdmin(t.database());
    return submitPackageForm(t.db(), { target, upload: upload(fields), by: admin.id }, deps);
  }

  async function tripWith(extra: Record<string, unknown> = {}) {
    return createPackage(
      t.db(),
      "trip",
      parsePackageInput("trip", {
        title: `Deposit form ${Math.random().toString(36).slice(2, 8)}`,
        price: "From R 24 500",
        departures: [{ start_date: "2031-06-14", seats_total: 10, price_amount: 2_450_000 }],
        ...extra,
      }),
    );
  }

  it("creates a package with a percentage deposit, recorded in its first version", async () => {
    const title = `Deposit percent ${backend}`;
    const outcome = await submit({ kind: "trip", mode: "new" }, [
      ...basics(title),
      ...deposit("percent", "30"),
    ]);
    expect(outcome).toEqual({ saved: expect.any(String) });
    const row = await t
      .db()
      .selectFrom("packages")
      .select(["id", "deposit_type", "deposit_value"])
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    expect(row.deposit_type).toBe("percent");
    expect(Number(row.deposit_value)).toBe(30);
    expect(await versionsOf(t.db(), row.id)).toEqual([{ type: "percent", value: 30 }]);
  });

  it("edits the rule: an amount per traveller typed in major units, the full amount, the company default", async () => {
    const pkg = await tripWith();
    const edit: PackageFormTarget = { kind: "trip", mode: "edit", id: pkg.id };
    const title = pkg.title;

    expect(
      await submit(edit, [...basics(title), ...deposit("per_traveller", "", "3 000.50")]),
    ).toEqual({ saved: expect.any(String) });
    let row = await stored(t.db(), pkg.id);
    // R 3 000.50 is 300 050 cents: no floating point on the way.
    expect([row.deposit_type, Number(row.deposit_value)]).toEqual(["per_traveller", 300_050]);

    // The form shows it again as typed in rands.
    const form = await loadPackageForm(t.db(), edit, { site: SITE, companyDeposit: COMPANY });
    expect(form.values.deposit).toEqual({ type: "per_traveller", percent: "", amount: "3000.50" });
    expect(form.depositCurrency).toBe("ZAR");
    expect(form.companyDeposit).toBe("25 % of the total, balance due 60 days before departure");

    expect(await submit(edit, [...basics(title), ...deposit("full", "40", "")])).toEqual({
      saved: expect.any(String),
    });
    row = await stored(t.db(), pkg.id);
    expect([row.deposit_type, row.deposit_value]).toEqual(["full", null]);

    expect(await submit(edit, [...basics(title), ...deposit("default", "40", "100")])).toEqual({
      saved: expect.any(String),
    });
    row = await stored(t.db(), pkg.id);
    expect([row.deposit_type, row.deposit_value]).toEqual([null, null]);
    const form2 = await loadPackageForm(t.db(), edit, { site: SITE, companyDeposit: COMPANY });
    expect(form2.values.deposit).toEqual({ type: "default", percent: "", amount: "" });

    // Each save is a version with its rule; the history's words name the change.
    const versions = await versionsOf(t.db(), pkg.id);
    expect(versions.slice(-3)).toEqual([
      { type: "per_traveller", value: 300_050 },
      { type: "full", value: null },
      null,
    ]);
  });

  it("refuses bad values with a message on the field, changing nothing", async () => {
    const pkg = await tripWith({ deposit: { type: "percent", value: 40 } });
    const edit: PackageFormTarget = { kind: "trip", mode: "edit", id: pkg.id };
    const before = await stored(t.db(), pkg.id);
    const versionsBefore = await versionsOf(t.db(), pkg.id);
    const cases: [Fields, string, string][] = [
      [deposit("percent", "0"), "deposit.percent", DEPOSIT_FORM_MESSAGES.percent],
      [deposit("percent", "101"), "deposit.percent", DEPOSIT_FORM_MESSAGES.percent],
      [deposit("percent", "12.5"), "deposit.percent", DEPOSIT_FORM_MESSAGES.percent],
      [deposit("percent", ""), "deposit.percent", DEPOSIT_FORM_MESSAGES.percent],
      [deposit("per_traveller", "", "0"), "deposit.amount", DEPOSIT_FORM_MESSAGES.amount("ZAR")],
      [
        deposit("per_traveller", "", "12.345"),
        "deposit.amount",
        DEPOSIT_FORM_MESSAGES.amount("ZAR"),
      ],
      [
        deposit("per_traveller", "", "three"),
        "deposit.amount",
        DEPOSIT_FORM_MESSAGES.amount("ZAR"),
      ],
      [
        deposit("per_traveller", "", "99999999999999"),
        "deposit.amount",
        DEPOSIT_FORM_MESSAGES.amount("ZAR"),
      ],
      [deposit("half"), "deposit.type", DEPOSIT_FORM_MESSAGES.type],
      [
        [
          ["deposit.percent", "30"],
          ["deposit.amount", ""],
        ],
        "deposit.type",
        DEPOSIT_FORM_MESSAGES.type,
      ],
    ];
    for (const [fields, name, message] of cases) {
      const outcome = await submit(edit, [...basics(pkg.title), ...fields]);
      const { status, errors } = refusedWith(outcome);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(errors[name], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await stored(t.db(), pkg.id)).toEqual(before);
    expect(await versionsOf(t.db(), pkg.id)).toEqual(versionsBefore);
  });

  it("keeps the stored rule when a post has no Deposit fieldset (the exclusive form, older pages)", async () => {
    const pkg = await tripWith({ deposit: { type: "per_traveller", value: 150_000 } });
    const edit: PackageFormTarget = { kind: "trip", mode: "edit", id: pkg.id };
    expect(await submit(edit, basics(pkg.title))).toEqual({ saved: expect.any(String) });
    const row = await stored(t.db(), pkg.id);
    expect([row.deposit_type, Number(row.deposit_value)]).toEqual(["per_traveller", 150_000]);
  });

  it("reads an amount in the package's departure currency: yen have no decimals", async () => {
    const pkg = await tripWith({
      departures: [
        { start_date: "2031-06-14", seats_total: 10, price_amount: 400_000, currency: "JPY" },
      ],
    });
    const edit: PackageFormTarget = { kind: "trip", mode: "edit", id: pkg.id };
    const fields = (amount: string): Fields => [
      ["title", pkg.title],
      ["price", "From ¥400 000"],
      ["status", "draft"],
      ["departures[0].id", pkg.departures[0]!.id],
      ["departures[0].start_date", "2031-06-14"],
      ["departures[0].seats", "10"],
      ["departures[0].amount", "400000"],
      ["departures[0].currency", "JPY"],
      ...deposit("per_traveller", "", amount),
    ];
    const refused = refusedWith(await submit(edit, fields("5000.50")));
    expect(refused.errors["deposit.amount"]).toEqual([DEPOSIT_FORM_MESSAGES.amount("JPY")]);
    expect(await submit(edit, fields("5000"))).toEqual({ saved: expect.any(String) });
    const row = await stored(t.db(), pkg.id);
    expect([row.deposit_type, Number(row.deposit_value)]).toEqual(["per_traveller", 5000]);
    const form = await loadPackageForm(t.db(), edit, { site: SITE, companyDeposit: COMPANY });
    expect(form.depositCurrency).toBe("JPY");
    expect(form.values.deposit.amount).toBe("5000");
  });
});
