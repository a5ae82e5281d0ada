import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE } from "~/domain/admin-paging";
import type { Package } from "~/domain/schemas";
import { packageCompleteness, type PackageTranslation } from "~/domain/translations";
import { adminPackageList, REORDER_FILTERED } from "~/server/catalogue/admin-lists.server";
import { getPackageById } from "~/server/catalogue/packages.server";
import { writePackageTranslation } from "~/server/catalogue/translations.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, textOf } from "../support/site-html";

/** A German translation of every field the package has text in. */
function completeGerman(pkg: Package): PackageTranslation {
  return {
    title: `${pkg.title} (DE)`,
    slug: `${pkg.slug}-de`,
    description: `${pkg.description} (DE)`,
    highlights: pkg.highlights.map((h) => `${h} (DE)`),
    itinerary: pkg.itinerary.map((day) => ({ ...day })),
    inclusions: pkg.inclusions.map((i) => `${i} (DE)`),
    exclusions: pkg.exclusions.map((e) => `${e} (DE)`),
    faqs: pkg.faqs.map((faq) => ({ ...faq })),
    meeting_point: pkg.meeting_point ? `${pkg.meeting_point} (DE)` : "",
    departure_notes: Object.fromEntries(pkg.departures.map((d) => [d.id, "Hinweis"])),
    image_alts: Object.fromEntries(pkg.imageDetails.map((i) => [i.url, "Bild"])),
    published: true,
  };
}

/**
 * Issue 33: the admin lists filter "Missing in German" (`?missing=de`), by the completeness rule
 * of the cards' badges, before paging; with search and status, in links and redirects, without
 * JavaScript; ignored for an unknown language and on a one-language site.
 */
describe.each(BACKENDS)("admin list filter 'missing in German' on %s", (backend) => {
  let server: LeadsServer;
  let cookie: Record<string, string>;
  const gaps: { id: string; draft: boolean }[] = [];
  const done: string[] = [];
  let half = "";
  const GAPS = 27;

  const page = async (url: string) => {
    const res = await server.fetch(url, { headers: cookie });
    expect(res.status, url).toBe(200);
    return (await res.text()).replaceAll("<!-- -->", "");
  };
  const cardIds = (html: string) =>
    [...html.matchAll(/<h2 id="card-([0-9a-f-]{36})"/g)].map((m) => m[1]);
  /** The text and href of the filter link marked current in the nav labelled `label`. */
  const current = (html: string, label: string) => {
    const nav = element(html, new RegExp(`<nav aria-label="${label}"`)) ?? "";
    const link = [...nav.matchAll(/<a\b([^>]*)>(.*?)<\/a>/g)].find((m) =>
      m[1]!.includes('aria-current="page"'),
    );
    return link
      ? { href: /href="([^"]*)"/.exec(link[1]!)?.[1], text: textOf(link[2]!) }
      : undefined;
  };
  const countOf = (html: string) => textOf(element(html, /<p class="admin-list-count"/) ?? "");

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    cookie = { Cookie: await server.adminCookie() };
    for (let i = 1; i <= GAPS; i++) {
      const draft = i % 3 === 0;
      const { id } = await makePackage(server.db, "trip", {
        title: `Gap trip ${String(i).padStart(2, "0")}`,
        status: draft ? "draft" : "published",
      });
      gaps.push({ id, draft });
    }
    for (let i = 1; i <= 3; i++) {
      const { id } = await makePackage(server.db, "trip", {
        title: `Done trip ${i}`,
        status: i === 1 ? "draft" : "published",
      });
      const pkg = (await getPackageById(server.db, "trip", id))!;
      const german = completeGerman(pkg);
      const counted = packageCompleteness(pkg, german);
      expect(counted.done).toBe(counted.total);
      await writePackageTranslation(server.db, id, "de", german, null);
      done.push(id);
    }
    const made = await makePackage(server.db, "trip", { title: "Half trip" });
    half = made.id;
    const pkg = (await getPackageById(server.db, "trip", half))!;
    const german = { ...completeGerman(pkg), slug: null };
    const counted = packageCompleteness(pkg, german);
    expect(counted.done).toBe(counted.total - 1);
    await writePackageTranslation(server.db, half, "de", german, null);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  const missingIds = () => [...gaps.map((g) => g.id), half];

  it("keeps only incomplete translations, paged by the filter's own count, without JavaScript", async () => {
    const all = await page("/admin/dashboard");
    expect(countOf(all)).toContain(`Showing 1–24 of ${GAPS + 4} packages`);
    const nav = element(all, /<nav aria-label="Filter by translation"/)!;
    expect(textOf(nav)).toContain("All translations");
    expect(textOf(nav)).toContain("Missing in German");
    expect(nav).toContain('href="/admin/dashboard?missing=de"');

    const first = await page("/admin/dashboard?missing=de");
    const second = await page("/admin/dashboard?missing=de&page=2");
    expect(countOf(first)).toBe(`Showing 1–24 of ${GAPS + 1} packages · page 1 of 2`);
    expect(countOf(second)).toBe(`Showing 25–28 of ${GAPS + 1} packages · page 2 of 2`);
    const shown = [...cardIds(first), ...cardIds(second)];
    expect(cardIds(first)).toHaveLength(ADMIN_PAGE_SIZE);
    expect(shown.sort()).toEqual(missingIds().sort());
    for (const id of done) expect(shown).not.toContain(id);
    // The active filter is marked, and pagination and the other filters keep it.
    expect(current(first, "Filter by translation")).toEqual({
      href: "/admin/dashboard?missing=de",
      text: "Missing in German",
    });
    expect(current(first, "Filter by status")?.text).toBe("All");
    expect(first).toContain('href="/admin/dashboard?missing=de&amp;page=2"');
    expect(first).toContain('href="/admin/dashboard?status=draft&amp;missing=de"');
    expect(first).toContain('<input type="hidden" name="missing" value="de"/>');
    // Reordering is off, as with the other filters.
    expect(textOf(first)).toContain("Reordering is off while a search or a filter is active.");
    expect(first).not.toContain('name="direction"');
    // A page past the filter's last goes to its last.
    const past = await server.fetch("/admin/dashboard?missing=de&page=9", { headers: cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/admin/dashboard?missing=de&page=2");
  });

  it("combines with search and status", async () => {
    const halfOnly = await page("/admin/dashboard?q=Half&missing=de");
    expect(cardIds(halfOnly)).toEqual([half]);
    const none = await page("/admin/dashboard?q=Done&missing=de");
    expect(cardIds(none)).toEqual([]);
    expect(textOf(none)).toContain("No packages found matching your criteria.");
    // The same search without the filter lists them.
    expect(cardIds(await page("/admin/dashboard?q=Done"))).toHaveLength(3);

    const drafts = await page("/admin/dashboard?status=draft&missing=de");
    expect(cardIds(drafts).sort()).toEqual(
      gaps
        .filter((g) => g.draft)
        .map((g) => g.id)
        .sort(),
    );
    // "Done trip 1" is a draft, but translated.
    expect(cardIds(drafts)).not.toContain(done[0]);
    const search = element(drafts, /<form[^>]*role="search"/)!;
    expect(search).toContain('name="status" value="draft"');
    expect(search).toContain('name="missing" value="de"');
  });

  it("ignores an unknown language and the default one, like a bad status", async () => {
    for (const value of ["fr", "en", "", "DE"]) {
      const html = await page(`/admin/dashboard?missing=${value}`);
      expect(countOf(html), value).toContain(`of ${GAPS + 4} packages`);
      expect(current(html, "Filter by translation"), value).toEqual({
        href: "/admin/dashboard",
        text: "All translations",
      });
    }
  });

  it("keeps the filter in the redirect after an action and refuses reordering under it", async () => {
    const target = gaps.find((g) => g.draft)!.id;
    const published = await formPost(
      server,
      "/admin/dashboard?missing=de&page=2",
      [
        ["intent", "publish"],
        ["id", target],
      ],
      cookie,
    );
    expect(published.status).toBe(302);
    expect(published.headers.get("Location")).toBe("/admin/dashboard?missing=de&page=2");

    const reorder = await formPost(
      server,
      "/admin/dashboard?missing=de",
      [
        ["intent", "reorder"],
        ...missingIds()
          .slice(0, 2)
          .map((id): [string, string] => ["ids", id]),
      ],
      cookie,
    );
    expect(reorder.status).toBe(409);
    expect(await reorder.text()).toContain(REORDER_FILTERED);
  });

  it("offers and applies nothing on a one-language site", async () => {
    const params = new URLSearchParams("missing=de");
    const single = await adminPackageList(server.db, "trip", params, {
      site: { timeZone: "UTC", languages: ["en"] },
    });
    expect(single.missingFilters).toEqual([]);
    expect(single.query.missing).toBe("");
    expect(single.total).toBe(GAPS + 4);
    expect(single.canReorder).toBe(true);

    const two = await adminPackageList(server.db, "trip", params, {
      site: { timeZone: "UTC", languages: ["en", "de"] },
    });
    expect(two.missingFilters).toEqual([{ lang: "de", name: "German" }]);
    expect(two.total).toBe(GAPS + 1);
    expect(two.canReorder).toBe(false);
  });
});
