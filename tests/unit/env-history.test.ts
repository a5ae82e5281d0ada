import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";

describe("history retention settings", () => {
  it("keeps 50 versions or 180 days by default, and takes other whole numbers", () => {
    expect(parseEnv({})).toMatchObject({ HISTORY_KEEP_VERSIONS: 50, HISTORY_KEEP_DAYS: 180 });
    expect(parseEnv({ HISTORY_KEEP_VERSIONS: "5", HISTORY_KEEP_DAYS: "30" })).toMatchObject({
      HISTORY_KEEP_VERSIONS: 5,
      HISTORY_KEEP_DAYS: 30,
    });
  });

  it.each([
    [{ HISTORY_KEEP_VERSIONS: "0" }, "HISTORY_KEEP_VERSIONS: must be at least 1 version"],
    [{ HISTORY_KEEP_VERSIONS: "many" }, "HISTORY_KEEP_VERSIONS: must be a number of versions"],
    [{ HISTORY_KEEP_VERSIONS: "2.5" }, "HISTORY_KEEP_VERSIONS: must be a whole number"],
    [{ HISTORY_KEEP_DAYS: "-1" }, "HISTORY_KEEP_DAYS: must be at least 1 day"],
    [{ HISTORY_KEEP_DAYS: "99999" }, "HISTORY_KEEP_DAYS: must be at most 36500 days"],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
