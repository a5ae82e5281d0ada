import { describe, expect, it } from "vitest";
import { envWarnings, parseEnv } from "~/server/platform/env.server";

// TRUST_PROXY is a hop count; `true` is read as 1 with a warning.
describe("TRUST_PROXY", () => {
  it("is a number of proxies; unset and false are 0, true and yes are 1", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "yes" }).TRUST_PROXY).toBe(1);
  });

  it("refuses anything else with a message naming it", () => {
    for (const value of ["banana", "-1", "1.5", "999"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be the number of reverse proxies/,
      );
    }
  });

  it("warns that true is read as one proxy, and says nothing for a number", () => {
    expect(envWarnings({ TRUST_PROXY: "true" })).toEqual([
      expect.stringMatching(/TRUST_PROXY=true is read as TRUST_PROXY=1/),
    ]);
    expect(envWarnings({ TRUST_PROXY: "1" })).toEqual([]);
    expect(envWarnings({})).toEqual([]);
  });
});
