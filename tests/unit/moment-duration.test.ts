import { describe, expect, it } from "vitest";
import { formatDuration, momentVideoFileError } from "~/domain/moment-form";
import { LIMITS, MESSAGES, travelMomentInputSchema } from "~/domain/schemas";

const duration = (value: string) =>
  travelMomentInputSchema.safeParse({ title: "Dunes", videoUrl: "/media/v.webm", duration: value });

describe("travel moment duration (m:ss or h:mm:ss)", () => {
  it.each(["0:05", "2:30", "02:30", "59:59", "1:05:09", "12:00:00", "99:59:59", " 3:45 "])(
    "accepts %s",
    (value) => {
      const parsed = duration(value);
      expect(parsed.success).toBe(true);
      expect(parsed.data?.duration).toBe(value.trim());
    },
  );

  it.each([
    "99:99:99",
    "1:60:00",
    "1:00:60",
    "60:00",
    "2:60",
    "2:3",
    "1:5:09",
    "123:00:00",
    "2:30:",
    ":30",
    "2.30",
    "long",
    "-1:30",
  ])("refuses %s with the format message", (value) => {
    const parsed = duration(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Duration must look like 2:30"]);
  });

  it("omits an empty or blank duration", () => {
    expect(duration("").success).toBe(true);
    expect(duration("").data?.duration).toBeUndefined();
    expect(duration("   ").data?.duration).toBeUndefined();
  });
});

describe("the admin form's browser-side helpers", () => {
  it("formats a video's length as m:ss, or h:mm:ss from one hour on", () => {
    expect(formatDuration(6.4)).toBe("0:06");
    expect(formatDuration(150)).toBe("2:30");
    expect(formatDuration(3599.6)).toBe("1:00:00");
    expect(formatDuration(3 * 3600 + 5 * 60 + 9)).toBe("3:05:09");
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -3, 100 * 3600])
      expect(formatDuration(bad)).toBeUndefined();
    // Whatever it fills in, the schema accepts.
    for (const s of [1, 59, 61, 599, 3600, 35_999])
      expect(duration(formatDuration(s)!).success).toBe(true);
  });

  it("checks a chosen video before upload with the spec's texts", () => {
    const file = (name: string, size: number, type = "") => ({ name, size, type });
    expect(momentVideoFileError(undefined, true)).toBe(MESSAGES.momentVideoRequired);
    expect(momentVideoFileError(file("", 0), true)).toBe(MESSAGES.momentVideoRequired);
    expect(momentVideoFileError(file("", 0), false)).toBeUndefined();
    expect(momentVideoFileError(file("a.webm", LIMITS.videoBytes), true)).toBeUndefined();
    expect(momentVideoFileError(file("a.webm", LIMITS.videoBytes + 1), true)).toBe(
      MESSAGES.momentVideoTooLarge,
    );
    expect(momentVideoFileError(file("notes.txt", 10, "text/plain"), true)).toBe(
      MESSAGES.momentVideoType,
    );
    expect(momentVideoFileError(file("CLIP.MOV", 10), true)).toBeUndefined();
    expect(momentVideoFileError(file("clip", 10, "video/x-flv"), true)).toBeUndefined();
  });
});
