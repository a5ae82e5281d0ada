import { describe, expect, it } from "vitest";
import { packageFormSchema } from "~/domain/package-form";
import {
  formatScheduleMoment,
  SCHEDULE_MESSAGES,
  scheduleProblems,
  utcToZonedLocal,
  zonedLocalToUtc,
} from "~/domain/schedule";
import { packageInputSchema } from "~/domain/schemas";
import { parseEnv } from "~/server/platform/env.server";
import { scheduleLine } from "~/server/catalogue/admin-lists.server";

// Scheduled publishing's times (company time zone ↔ UTC) and rules (decision 093).

describe("schedule times", () => {
  it("reads a datetime-local value in the company's time zone", () => {
    expect(zonedLocalToUtc("2027-03-01T08:00", "Africa/Johannesburg")?.toISOString()).toBe(
      "2027-03-01T06:00:00.000Z",
    );
    expect(zonedLocalToUtc("2027-03-31T23:59", "Africa/Johannesburg")?.toISOString()).toBe(
      "2027-03-31T21:59:00.000Z",
    );
    expect(zonedLocalToUtc("2027-01-15T12:00:30", "UTC")?.toISOString()).toBe(
      "2027-01-15T12:00:30.000Z",
    );
  });

  it("follows daylight saving in zones that have it", () => {
    // London: GMT in January, BST (UTC+1) in July; 01:30 on 28 Mar 2027 does not exist.
    expect(zonedLocalToUtc("2027-01-10T09:00", "Europe/London")?.toISOString()).toBe(
      "2027-01-10T09:00:00.000Z",
    );
    expect(zonedLocalToUtc("2027-07-10T09:00", "Europe/London")?.toISOString()).toBe(
      "2027-07-10T08:00:00.000Z",
    );
    expect(zonedLocalToUtc("2027-03-28T01:30", "Europe/London")).toBeInstanceOf(Date);
    expect(utcToZonedLocal("2027-07-10T08:00:00Z", "Europe/London")).toBe("2027-07-10T09:00");
  });

  it.each([
    "",
    "tomorrow",
    "2027-02-30T08:00",
    "2027-13-01T08:00",
    "2027-03-01T24:00",
    "2027-03-01",
  ])("refuses %j as a date and time", (text) => {
    expect(zonedLocalToUtc(text, "Africa/Johannesburg")).toBeUndefined();
  });

  it("shows a stored instant back in company time, as the form and the list cards do", () => {
    expect(utcToZonedLocal("2027-03-01T06:00:00.000Z", "Africa/Johannesburg")).toBe(
      "2027-03-01T08:00",
    );
    const now = new Date("2027-02-01T00:00:00Z");
    expect(formatScheduleMoment("2027-03-01T06:00:00Z", "Africa/Johannesburg", now)).toBe(
      "1 Mar 08:00",
    );
    expect(formatScheduleMoment("2028-03-31T21:59:00Z", "Africa/Johannesburg", now)).toBe(
      "31 Mar 2028 23:59",
    );
    expect(
      scheduleLine(
        { publish_at: "2027-03-01T06:00:00Z", unpublish_at: "2027-03-31T21:59:00Z" },
        "Africa/Johannesburg",
        now,
      ),
    ).toBe("Scheduled: publishes 1 Mar 08:00, then unpublishes 31 Mar 23:59");
    expect(
      scheduleLine(
        { publish_at: null, unpublish_at: "2027-03-31T21:59:00Z" },
        "Africa/Johannesburg",
        now,
      ),
    ).toBe("Scheduled: unpublishes 31 Mar 23:59");
    expect(scheduleLine({ publish_at: null, unpublish_at: null }, "UTC", now)).toBeNull();
  });
});

describe("schedule rules", () => {
  const now = new Date("2027-02-01T00:00:00Z");
  const p = "2027-03-01T06:00:00.000Z";
  const u = "2027-03-31T21:59:00.000Z";

  it("accepts a draft to publish later, a published package to unpublish later, and both", () => {
    expect(
      scheduleProblems({ status: "draft", publish_at: p, unpublish_at: null }, { now }),
    ).toEqual({});
    expect(
      scheduleProblems({ status: "published", publish_at: null, unpublish_at: u }, { now }),
    ).toEqual({});
    expect(scheduleProblems({ status: "draft", publish_at: p, unpublish_at: u }, { now })).toEqual(
      {},
    );
  });

  it("names each problem by its field", () => {
    expect(scheduleProblems({ status: "draft", publish_at: u, unpublish_at: p })).toEqual({
      unpublish_at: [SCHEDULE_MESSAGES.unpublishBeforePublish],
    });
    expect(scheduleProblems({ status: "published", publish_at: p, unpublish_at: null })).toEqual({
      publish_at: [SCHEDULE_MESSAGES.publishedWithPublishAt],
    });
    expect(scheduleProblems({ status: "draft", publish_at: null, unpublish_at: u })).toEqual({
      unpublish_at: [SCHEDULE_MESSAGES.draftUnpublishOnly],
    });
    const later = new Date("2027-04-01T00:00:00Z");
    expect(
      scheduleProblems({ status: "draft", publish_at: p, unpublish_at: u }, { now: later }),
    ).toEqual({
      publish_at: [SCHEDULE_MESSAGES.publishPast],
      unpublish_at: [SCHEDULE_MESSAGES.unpublishPast],
    });
    // Unchanged since it was stored: left for the runner, not refused.
    expect(
      scheduleProblems(
        { status: "draft", publish_at: p, unpublish_at: null },
        { now: later, previous: { publish_at: p, unpublish_at: null } },
      ),
    ).toEqual({});
  });

  it("the API schema takes ISO 8601 with an offset, normalised to UTC, or null", () => {
    const schema = packageInputSchema("trip");
    const parsed = schema.parse({
      title: "x",
      publish_at: "2027-03-01T08:00:00+02:00",
      unpublish_at: null,
    });
    expect([parsed.publish_at, parsed.unpublish_at]).toEqual(["2027-03-01T06:00:00.000Z", null]);
    expect(schema.parse({ title: "x" }).publish_at).toBeUndefined();
    for (const bad of ["2027-03-01T08:00:00", "2027-03-01", "2027-02-29T08:00:00Z", "", 5])
      expect(schema.safeParse({ title: "x", publish_at: bad }).error?.issues[0]?.message).toBe(
        SCHEDULE_MESSAGES.isoFormat,
      );
  });

  it("the form schema reads the company's wall time; blank clears", () => {
    const schema = packageFormSchema("trip", "Africa/Johannesburg");
    const parsed = schema.parse({ title: "x", publish_at: "2027-03-01T08:00", unpublish_at: "" });
    expect([parsed.publish_at, parsed.unpublish_at]).toEqual(["2027-03-01T06:00:00.000Z", null]);
    expect(schema.safeParse({ title: "x", publish_at: "soon" }).error?.issues[0]?.message).toBe(
      SCHEDULE_MESSAGES.localFormat,
    );
  });
});

describe("job runner environment", () => {
  it("defaults AUDIT_RETENTION_DAYS to 365 and JOB_TICK_SECONDS to 30", () => {
    expect(parseEnv({})).toMatchObject({ AUDIT_RETENTION_DAYS: 365, JOB_TICK_SECONDS: 30 });
    expect(parseEnv({ AUDIT_RETENTION_DAYS: "90", JOB_TICK_SECONDS: "10" })).toMatchObject({
      AUDIT_RETENTION_DAYS: 90,
      JOB_TICK_SECONDS: 10,
    });
  });

  it.each([
    [{ AUDIT_RETENTION_DAYS: "0" }, "AUDIT_RETENTION_DAYS"],
    [{ AUDIT_RETENTION_DAYS: "a year" }, "AUDIT_RETENTION_DAYS"],
    [{ AUDIT_RETENTION_DAYS: "1.5" }, "AUDIT_RETENTION_DAYS"],
    [{ JOB_TICK_SECONDS: "61" }, "JOB_TICK_SECONDS"],
    [{ JOB_TICK_SECONDS: "0" }, "JOB_TICK_SECONDS"],
  ])("refuses %o with a message naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid environment:[\\s\\S]*${name}:`));
  });
});
