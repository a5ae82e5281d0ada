import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Each package image has its own alt text (the existing `alt` column) and a focal point,
// the part of the picture crops keep (0-1 from the left and from the top; the centre by default).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("package_images")
    .addColumn("focal_x", "real", (c) =>
      c
        .notNull()
        .defaultTo(0.5)
        .check(sql`focal_x >= 0 and focal_x <= 1`),
    )
    .addColumn("focal_y", "real", (c) =>
      c
        .notNull()
        .defaultTo(0.5)
        .check(sql`focal_y >= 0 and focal_y <= 1`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("package_images")
    .dropColumn("focal_x")
    .dropColumn("focal_y")
    .execute();
}
