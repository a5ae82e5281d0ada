import { describe, expect, it } from "vitest";
import {
  activityQueryString,
  describeDetails,
  eventLabel,
  nextDay,
  parseActivityQuery,
  startOfDayIn,
} from "~/domain/activity";

const parse = (query: string) => parseActivityQuery(new URLSearchParams(query));

describe("the activity log's URL parameters", () => {
  it("keeps good filters and round-trips them into links", () => {
    const id = "5c028437-2354-43c3-ad0d-2a208c87f9da";
    const q = parse(`admin=${id}&type=package.published&from=2026-03-01&to=2026-03-31&page=2`);
    expect(q.notices).toEqual([]);
    expect(q.filter).toEqual({
      adminId: id,
      type: "package.published",
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(q.page).toBe(2);
    expect(parseActivityQuery(new URLSearchParams(activityQueryString(q.filter, 2)))).toEqual(q);
    expect(activityQueryString({}, 1)).toBe("");
  });

  it("ignores each bad value with a notice saying so", () => {
    const q = parse(
      "admin=robert'); drop table events;--&type=Package%20Published&from=2026-02-30&to=tomorrow&page=-3",
    );
    expect(q.filter).toEqual({});
    expect(q.page).toBe(1);
    expect(q.notices).toEqual([
      "Unknown admin filter: showing every admin.",
      'Unknown kind of event "Package Published": showing every kind.',
      '"2026-02-30" is not a date (YYYY-MM-DD): the start of the range is ignored.',
      '"tomorrow" is not a date (YYYY-MM-DD): the end of the range is ignored.',
      'Unknown page "-3": showing the first page.',
    ]);
    const reversed = parse("from=2026-04-01&to=2026-03-01");
    expect(reversed.filter).toEqual({});
    expect(reversed.notices).toEqual(["The range ends before it starts: showing every date."]);
    // Control characters in a reflected value are not echoed.
    expect(parse("type=%E2%80%AEevil").notices[0]).toBe(
      'Unknown kind of event "evil": showing every kind.',
    );
  });
});

describe("company days as instants", () => {
  it("starts a Johannesburg day at 22:00 UTC the day before", () => {
    expect(startOfDayIn("2026-03-01", "Africa/Johannesburg").toISOString()).toBe(
      "2026-02-28T22:00:00.000Z",
    );
    expect(startOfDayIn("2026-03-01", "UTC").toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });

  it("follows daylight saving time (Berlin, New York)", () => {
    expect(startOfDayIn("2026-03-29", "Europe/Berlin").toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    expect(startOfDayIn("2026-03-30", "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
    expect(startOfDayIn("2026-11-01", "America/New_York").toISOString()).toBe(
      "2026-11-01T04:00:00.000Z",
    );
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });
});

describe("events in words", () => {
  it("names known types and shows unknown ones as stored", () => {
    expect(eventLabel("auth.sign_in_failed")).toBe("Sign-in failed");
    expect(eventLabel("package.published_by_schedule")).toBe("Published by schedule");
    expect(eventLabel("something.new")).toBe("something.new");
  });

  it("summarises changes first, then the known detail keys", () => {
    expect(
      describeDetails({
        changes: ["Price: From R 12 000 → From R 13 500", "2 images added"],
        title: "Cape Winelands",
        secret: "never shown",
      }),
    ).toBe("Price: From R 12 000 → From R 13 500 · 2 images added · Title: Cape Winelands");
    expect(describeDetails({ name: null })).toBe("Name: none");
    const many = describeDetails({ changes: Array.from({ length: 10 }, (_, i) => `c${i}`) });
    expect(many).toContain("and 2 more changes");
    expect(describeDetails({})).toBe("");
  });
});
