import { describe, expect, it } from "vitest";
import { travelMomentInputSchema } from "~/domain/schemas";

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
