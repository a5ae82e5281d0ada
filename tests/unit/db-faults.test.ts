import { describe, expect, it } from "vitest";
import { WORKER_STOPPED } from "~/server/platform/pglite-engine.server";
import { isDatabaseUnavailable } from "~/server/platform/db-faults.server";

// What counts as "the database cannot serve now" (503, logged once) rather than a bug (500).
describe("isDatabaseUnavailable", () => {
  it("knows a database that is away, restarting or already closed by this process", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    // A request still running when shutdown closed the database: Kysely's own words.
    expect(isDatabaseUnavailable(new Error("driver has already been destroyed"))).toBe(true);
    // The embedded database's worker thread ended under a running request.
    expect(isDatabaseUnavailable(new Error(`${WORKER_STOPPED} (exit code 1)`))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("wrapped", { cause: new Error("driver has already been destroyed") }),
      ),
    ).toBe(true);
  });

  it("leaves a query's own mistakes to be reported as errors", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable("not an error")).toBe(false);
  });
});
