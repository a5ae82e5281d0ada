import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/server/platform/env.server";

describe("PAGE_CACHE_MAX_BYTES", () => {
  it("defaults to 32 MiB and takes 0 to turn the cache off", () => {
    expect(parseEnv({}).PAGE_CACHE_MAX_BYTES).toBe(32 * 1024 * 1024);
    expect(parseEnv({ PAGE_CACHE_MAX_BYTES: "0" }).PAGE_CACHE_MAX_BYTES).toBe(0);
    expect(parseEnv({ PAGE_CACHE_MAX_BYTES: "1048576" }).PAGE_CACHE_MAX_BYTES).toBe(1048576);
  });

  it.each(["-1", "lots", "1.5"])("refuses %s with a message naming it", (value) => {
    expect(() => parseEnv({ PAGE_CACHE_MAX_BYTES: value })).toThrow(EnvError);
    expect(() => parseEnv({ PAGE_CACHE_MAX_BYTES: value })).toThrow(/PAGE_CACHE_MAX_BYTES/);
  });
});

describe("RENDER_QUEUE_DEPTH and PAGE_CACHE_FAST_PATH", () => {
  it("default to 256 waiting renders and the fast path on", () => {
    expect(parseEnv({}).RENDER_QUEUE_DEPTH).toBe(256);
    expect(parseEnv({ RENDER_QUEUE_DEPTH: "0" }).RENDER_QUEUE_DEPTH).toBe(0);
    expect(parseEnv({}).PAGE_CACHE_FAST_PATH).toBe(true);
    expect(parseEnv({ PAGE_CACHE_FAST_PATH: "false" }).PAGE_CACHE_FAST_PATH).toBe(false);
  });

  it.each([
    ["RENDER_QUEUE_DEPTH", "-1"],
    ["RENDER_QUEUE_DEPTH", "many"],
    ["RENDER_QUEUE_DEPTH", "2.5"],
    ["PAGE_CACHE_FAST_PATH", "maybe"],
  ])("refuses %s=%s with a message naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});
