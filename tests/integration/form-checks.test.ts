import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCookieSecret } from "~/server/auth/secret.server";
import { spendFormChecks } from "~/server/leads/form-checks.server";
import {
  FORM_TOKEN_TTL_MS,
  HONEYPOT_FIELD,
  honeypotInputProps,
  MIN_FILL_MS,
  VALID_FROM_FIELD,
} from "~/server/leads/honeypot.server";
import { SUBMISSIONS_PER_WINDOW } from "~/server/leads/submission-limit.server";
import { inTransaction, type Db } from "~/server/platform/db.server";
import { BACKENDS, useTestDatabase } from "../support/db";

// The public forms' own checks in one place (decision 161): the time token is spent in the
// statement that takes the address's lock, the hourly limit is counted in the next. A refusal
// of either writes nothing the next post would trip over.

async function formRenderedAt(renderedAt: number): Promise<FormData> {
  const props = await honeypotInputProps(renderedAt);
  const form = new FormData();
  form.set(HONEYPOT_FIELD, "");
  form.set(VALID_FROM_FIELD, props.encryptedValidFrom!);
  return form;
}

const freshForm = () => formRenderedAt(Date.now() - 10_000);

async function counts(db: Db) {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from contact_form_tokens)`.as("tokens"),
      sql<number>`(select count(*)::int from enquiry_submissions)`.as("slots"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

const check = (db: Db, form: FormData, ip: string) =>
  inTransaction(db, (trx) => spendFormChecks(trx, form, ip));

describe.each(BACKENDS)("the public forms' checks on %s", (backend) => {
  const t = useTestDatabase(backend);

  beforeAll(async () => {
    await loadCookieSecret(undefined as unknown as Db, "form-checks-test-secret");
  });

  it("spends a fresh token and takes the address's slot", async () => {
    const db = t.db();
    expect(await check(db, await freshForm(), "203.0.113.7")).toBe("ok");
    expect(await counts(db)).toEqual({ tokens: 1, slots: 1 });
  });

  it("a used token is refused and takes no slot", async () => {
    const db = t.db();
    const form = await freshForm();
    expect(await check(db, form, "203.0.113.8")).toBe("ok");
    expect(await check(db, form, "203.0.113.8")).toEqual({ token: "used" });
    expect(await counts(db)).toEqual({ tokens: 1, slots: 1 });
  });

  it("an expired token is refused before anything is written", async () => {
    const db = t.db();
    const old = await formRenderedAt(Date.now() - FORM_TOKEN_TTL_MS - MIN_FILL_MS - 1_000);
    expect(await check(db, old, "203.0.113.9")).toEqual({ token: "expired" });
    expect(await counts(db)).toEqual({ tokens: 0, slots: 0 });
  });

  it("past the hourly limit an address is told when to come back; its token stays spent", async () => {
    const db = t.db();
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) {
      expect(await check(db, await freshForm(), "203.0.113.10")).toBe("ok");
    }
    const refused = await check(db, await freshForm(), "203.0.113.10");
    expect(refused).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    if (typeof refused === "object" && "retryAfterSeconds" in refused) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(3_500);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3_600);
    }
    expect(await counts(db)).toEqual({
      tokens: SUBMISSIONS_PER_WINDOW + 1,
      slots: SUBMISSIONS_PER_WINDOW,
    });
    // Another address is not held back by this one.
    expect(await check(db, await freshForm(), "198.51.100.20")).toBe("ok");
  });

  it("parallel posts from one address count one after another: never more than the limit", async () => {
    const db = t.db();
    const forms = await Promise.all(
      Array.from({ length: SUBMISSIONS_PER_WINDOW + 5 }, () => freshForm()),
    );
    const verdicts = await Promise.all(forms.map((form) => check(db, form, "203.0.113.11")));
    expect(verdicts.filter((v) => v === "ok")).toHaveLength(SUBMISSIONS_PER_WINDOW);
    expect((await counts(db)).slots).toBe(SUBMISSIONS_PER_WINDOW);
  }, 60_000);
});
