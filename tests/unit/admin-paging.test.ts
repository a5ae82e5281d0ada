import { describe, expect, it } from "vitest";
import {
  adminListHref,
  adminPageCount,
  adminPageLinks,
  adminPageOf,
  adminShowingText,
  parseAdminPage,
} from "~/domain/admin-paging";

const nouns = { one: "package", many: "packages" };

describe("admin list paging", () => {
  it("reads a page number, and anything else as page 1", () => {
    expect(parseAdminPage("3")).toBe(3);
    expect(parseAdminPage(" 7 ")).toBe(7);
    for (const raw of [null, "", "0", "-2", "2.5", "abc", "1e3", "9999999"]) {
      expect(parseAdminPage(raw), String(raw)).toBe(1);
    }
  });

  it("counts pages of 24 and finds a position's page", () => {
    expect(adminPageCount(0)).toBe(1);
    expect(adminPageCount(24)).toBe(1);
    expect(adminPageCount(25)).toBe(2);
    expect(adminPageCount(1000)).toBe(42);
    expect([1, 24, 25, 48, 49, 1000].map((p) => adminPageOf(p))).toEqual([1, 1, 2, 2, 3, 42]);
  });

  it("shows the first, last and two neighbouring pages, folding the rest into gaps", () => {
    expect(adminPageLinks(1, 1)).toEqual([1]);
    expect(adminPageLinks(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(adminPageLinks(1, 42)).toEqual([1, 2, 3, null, 42]);
    expect(adminPageLinks(21, 42)).toEqual([1, null, 19, 20, 21, 22, 23, null, 42]);
    // A gap of one page shows that page instead of "…".
    expect(adminPageLinks(5, 42)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 42]);
    expect(adminPageLinks(42, 42)).toEqual([1, null, 40, 41, 42]);
  });

  it("says which cards the page shows", () => {
    expect(adminShowingText(1, 1, nouns)).toBe("1 package");
    expect(adminShowingText(1, 24, nouns)).toBe("24 packages");
    expect(adminShowingText(2, 1000, nouns)).toBe("Showing 25–48 of 1,000 packages");
    expect(adminShowingText(42, 1000, nouns)).toBe("Showing 985–1,000 of 1,000 packages");
  });
});

describe("admin list URLs", () => {
  it("leave the defaults out and keep search, filter and page in one order", () => {
    expect(adminListHref("local", { q: "", status: "all", page: 1 })).toBe("/admin/local");
    expect(adminListHref("trip", { q: "", status: "all", page: 1 })).toBe("/admin/dashboard");
    expect(adminListHref("discovery", { q: "Cape Town & co", status: "draft", page: 3 })).toBe(
      "/admin/discovery?q=Cape+Town+%26+co&status=draft&page=3",
    );
    expect(adminListHref("exclusive", { q: "  ", status: "published", page: 0 })).toBe(
      "/admin/exclusive?q=++&status=published",
    );
    // The "Missing in German" filter (issue 33), after the status and before the page.
    expect(adminListHref("trip", { q: "bali", status: "draft", page: 2, missing: "de" })).toBe(
      "/admin/dashboard?q=bali&status=draft&missing=de&page=2",
    );
    expect(adminListHref("trip", { q: "", status: "all", page: 1, missing: "" })).toBe(
      "/admin/dashboard",
    );
  });

  it("add a dialog's parameters after them, replacing one of the same name", () => {
    const query = { q: "kruger", status: "all", page: 2 };
    expect(adminListHref("local", query, { delete: "abc" })).toBe(
      "/admin/local?q=kruger&page=2&delete=abc",
    );
    expect(adminListHref("local", query, { select: "all", page: "5" })).toBe(
      "/admin/local?q=kruger&page=5&select=all",
    );
  });
});
