import { describe, expect, it } from "vitest";
import { DEPOSIT_MESSAGES } from "~/domain/schemas";
import { registerApiHarness } from "../support/api-harness";

// A package's own deposit rule through the JSON API (decision 142): written and read back as
// { type, value }, kept by a PUT that leaves it out, cleared by null, and a bad rule refused
// with 400 and a message naming the field, with nothing stored.
const h = registerApiHarness({}, { resetEachTest: true });

const base = "/api/trips";
type Body = { id: string; deposit: unknown; title: string };
type Refusal = { error: string; details?: Record<string, string[]> };

async function count(): Promise<number> {
  const row = await h.database.db
    .selectFrom("packages")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("deposit on /api packages", () => {
  it("round-trips a package's rule: POST, GET, PUT without it, PUT null", async () => {
    const created = await h.send("POST", base, {
      title: "Okavango",
      deposit: { type: "per_traveller", value: 500_000 },
    });
    expect(created.status).toBe(201);
    const { id, deposit } = (await created.json()) as Body;
    expect(deposit).toEqual({ type: "per_traveller", value: 500_000 });

    const read = await h.get(`${base}/${id}`, { admin: true });
    expect(((await read.json()) as Body).deposit).toEqual({
      type: "per_traveller",
      value: 500_000,
    });

    const kept = await h.send("PUT", `${base}/${id}`, { title: "Okavango Delta" });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as Body).deposit).toEqual({
      type: "per_traveller",
      value: 500_000,
    });

    const full = await h.send("PUT", `${base}/${id}`, {
      title: "Okavango Delta",
      deposit: { type: "full", value: null },
    });
    expect(((await full.json()) as Body).deposit).toEqual({ type: "full", value: null });

    const cleared = await h.send("PUT", `${base}/${id}`, {
      title: "Okavango Delta",
      deposit: null,
    });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as Body).deposit).toBeNull();
  });

  it("refuses a bad rule with 400 and the field's message, creating or changing nothing", async () => {
    const bad: [unknown, string][] = [
      [{ type: "percent", value: 150 }, DEPOSIT_MESSAGES.percent],
      [{ type: "per_traveller", value: 0 }, DEPOSIT_MESSAGES.perTraveller],
      [{ type: "full", value: 10 }, DEPOSIT_MESSAGES.full],
      [{ type: "fixed", value: 10 }, DEPOSIT_MESSAGES.type],
      ["25%", DEPOSIT_MESSAGES.shape],
    ];
    for (const [deposit, message] of bad) {
      const res = await h.send("POST", base, { title: "Refused", deposit });
      expect(res.status, JSON.stringify(deposit)).toBe(400);
      const body = (await res.json()) as Refusal;
      expect(body.error).toBe(message);
      expect(Object.values(body.details ?? {}).flat()).toContain(message);
    }
    expect(await count()).toBe(0);

    const made = await h.send("POST", base, {
      title: "Kept",
      deposit: { type: "percent", value: 30 },
    });
    const { id } = (await made.json()) as Body;
    const refused = await h.send("PUT", `${base}/${id}`, {
      title: "Changed",
      deposit: { type: "percent", value: 0 },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Refusal).error).toBe(DEPOSIT_MESSAGES.percent);
    const after = (await (await h.get(`${base}/${id}`, { admin: true })).json()) as Body;
    expect(after).toMatchObject({ title: "Kept", deposit: { type: "percent", value: 30 } });
  });

  it("is in the served OpenAPI document, on the package and its input", async () => {
    const doc = (await (await h.get("/api/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.Package!.properties).toHaveProperty("deposit");
    expect(doc.components.schemas.PackageInput!.properties).toHaveProperty("deposit");
  });
});
