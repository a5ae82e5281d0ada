import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "~/server/platform/encoding.server";

describe("negotiateEncoding", () => {
  it("prefers brotli, then gzip, among the files that exist", () => {
    expect(negotiateEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br");
    expect(negotiateEncoding("gzip, deflate, br", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("gzip", ["br", "gzip"])).toBe("gzip");
  });

  it("honours q-values, q=0 refusals and the wildcard", () => {
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.9", ["br", "gzip"])).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(negotiateEncoding("*", ["br", "gzip"])).toBe("br");
    expect(negotiateEncoding("*;q=0, identity", ["br", "gzip"])).toBeUndefined();
  });

  it("sends the original when nothing acceptable is available", () => {
    expect(negotiateEncoding(undefined, ["br"])).toBeUndefined();
    expect(negotiateEncoding("identity", ["br", "gzip"])).toBeUndefined();
    expect(negotiateEncoding("deflate", ["br", "gzip"])).toBeUndefined();
    expect(negotiateEncoding("br", [])).toBeUndefined();
  });
});
