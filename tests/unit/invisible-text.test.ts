import { describe, expect, it } from "vitest";
import { packageInputSchema, stripInvisible, travelMomentInputSchema } from "~/domain/schemas";

// Bidirectional overrides and other invisible controls are stripped on input.
const SPOOF = "\u202Egpj.exe\u202C Bali\u200B Escape\uFEFF\u2066\u00AD";

describe("invisible and bidirectional control characters", () => {
  it("strips them from package titles, texts and lists (API and forms share the schema)", () => {
    const parsed = packageInputSchema("trip").parse({
      title: SPOOF,
      description: "Line one\r\nLine\u200F two\tend\u0007",
      highlights: ["\u202Dsunset\u202C", "\u200B"],
      itinerary: [{ day: "Day\u2067 1", activity: "Swim\u061C", accommodation: "" }],
    });
    expect(parsed.title).toBe("gpj.exe Bali Escape");
    expect(parsed.description).toBe("Line one\nLine two\tend");
    expect(parsed.highlights).toEqual(["sunset"]);
    expect(parsed.itinerary[0]).toMatchObject({ day: "Day 1", activity: "Swim" });
  });

  it("stores line breaks as LF, whether a browser posted CRLF or an old client CR", () => {
    expect(stripInvisible("one\r\ntwo\rthree\nfour")).toBe("one\ntwo\nthree\nfour");
  });

  it("refuses a title that is nothing but invisible characters", () => {
    const result = packageInputSchema("trip").safeParse({ title: "\u202E\u200B\uFEFF" });
    expect(result.success).toBe(false);
    const moment = travelMomentInputSchema.safeParse({
      title: "\u2066\u2069",
      videoUrl: "/media/a.mp4",
    });
    expect(moment.success).toBe(false);
  });

  it("keeps joiners that scripts and emoji need", () => {
    expect(stripInvisible("👩\u200D💻 می\u200Cخواهم")).toBe("👩\u200D💻 می\u200Cخواهم");
  });
});
