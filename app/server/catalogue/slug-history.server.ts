import { sql } from "kysely";
import type { Db } from "../platform/db.server";

/**
 * Keeps a slug a package gives up, so links to it answer 301; the slug it takes now leaves the
 * history (a current slug always wins over an old one). '' is the default language's slug.
 */
export async function recordSlugChange(
  trx: Db,
  packageId: string,
  lang: string,
  from: string | null,
  to: string | null,
): Promise<void> {
  if (from === to) return;
  if (to) {
    await trx
      .deleteFrom("package_slug_history")
      .where("lang", "=", lang)
      .where("slug", "=", to)
      .execute();
  }
  if (from) {
    await trx
      .insertInto("package_slug_history")
      .values({ lang, slug: from, package_id: packageId })
      .onConflict((oc) =>
        oc.columns(["lang", "slug"]).doUpdateSet({ package_id: packageId, created_at: sql`now()` }),
      )
      .execute();
  }
}
