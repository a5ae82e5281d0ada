import { describe, expect, it } from "vitest";
import { appearsIn } from "~/domain/translations";
import { listPublishedCards } from "~/server/catalogue/packages.server";
import { packageTranslation, travellerPackageTitle } from "~/server/catalogue/translations.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";

// The appearance rule (decisions 139 and 154) is stated twice: in TypeScript (`appearsIn`, for
// pages that load a translation) and in SQL (`appearsInSql`, for lists and e-mails). Every
// combination of published, title and description, blank ones included, gets the same answer
// from the German list, the German e-mail title and the TypeScript rule, on both databases.

const CASES = [
  { published: true, title: "Sansibar", description: "Gewürze.", appears: true },
  { published: false, title: "Sansibar", description: "Gewürze.", appears: false },
  { published: true, title: "", description: "Gewürze.", appears: false },
  { published: true, title: "Sansibar", description: "", appears: false },
  { published: true, title: "   ", description: "Gewürze.", appears: false },
  { published: true, title: "Sansibar", description: " \n ", appears: false },
];

describe.each(BACKENDS)("the appearance rule on %s", (backend) => {
  const t = useTestDatabase(backend);

  it.each(CASES)(
    "published $published, title $title, description $description: appears $appears everywhere",
    async ({ published, title, description, appears }) => {
      const db = t.db();
      const pkg = await makePackage(db, "trip", {
        title: "Zanzibar Spice Route",
        departures: [{ start_date: "2031-06-14", seats_total: 4, price_amount: 1_000_000 }],
      });
      await db
        .insertInto("package_translations")
        .values({
          package_id: pkg.id,
          lang: "de",
          title,
          description,
          published,
          highlights: JSON.stringify([]),
          itinerary: JSON.stringify([]),
          inclusions: JSON.stringify([]),
          exclusions: JSON.stringify([]),
          faqs: JSON.stringify([]),
          departure_notes: JSON.stringify({}),
          image_alts: JSON.stringify({}),
          updated_at: new Date(),
        })
        .execute();
      expect(appearsIn(await packageTranslation(db, pkg.id, "de"))).toBe(appears);
      const listed = await listPublishedCards(db, "trip", undefined, [pkg.id], "de");
      expect(listed.map((c) => c.id)).toEqual(appears ? [pkg.id] : []);
      expect(await travellerPackageTitle(db, pkg.departures[0]!.id, "de")).toBe(
        appears ? title : "Zanzibar Spice Route",
      );
    },
  );
});
