import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 142: a package may carry its own deposit rule, used instead of the company's
// (the team setting 'deposit_rule') for its bookings. Both columns null: the company's rule.
// A percentage is 1-100, an amount per traveller is in minor units above zero, and "full"
// (the whole amount at booking) has no value. The balance's due day stays the company's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .addColumn("deposit_type", "text", (c) =>
      c.check(sql`deposit_type is null or deposit_type in ('percent', 'per_traveller', 'full')`),
    )
    .execute();
  await db.schema.alterTable("packages").addColumn("deposit_value", "bigint").execute();
  await db.schema
    .alterTable("packages")
    .addCheckConstraint(
      "packages_deposit_rule_check",
      sql`(deposit_type is null and deposit_value is null)
        or (deposit_type = 'full' and deposit_value is null)
        or (deposit_type = 'percent' and deposit_value between 1 and 100)
        or (deposit_type = 'per_traveller' and deposit_value between 1 and 1000000000000)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("packages").dropConstraint("packages_deposit_rule_check").execute();
  await db.schema.alterTable("packages").dropColumn("deposit_value").execute();
  await db.schema.alterTable("packages").dropColumn("deposit_type").execute();
}
