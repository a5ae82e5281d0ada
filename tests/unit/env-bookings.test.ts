import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";

describe("booking settings", () => {
  it("holds seats 48 hours and keeps travellers' personal data 730 days by default", () => {
    expect(parseEnv({})).toMatchObject({ BOOKING_HOLD_HOURS: 48, BOOKING_RETENTION_DAYS: 730 });
    expect(parseEnv({ BOOKING_RETENTION_DAYS: "365" })).toMatchObject({
      BOOKING_RETENTION_DAYS: 365,
    });
  });

  it.each([
    [{ BOOKING_RETENTION_DAYS: "0" }, "BOOKING_RETENTION_DAYS: must be at least 1 day"],
    [{ BOOKING_RETENTION_DAYS: "forever" }, "BOOKING_RETENTION_DAYS: must be a number of days"],
    [{ BOOKING_RETENTION_DAYS: "1.5" }, "BOOKING_RETENTION_DAYS: must be a whole number of days"],
    [{ BOOKING_RETENTION_DAYS: "99999" }, "BOOKING_RETENTION_DAYS: must be at most 36500 days"],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
