import { sql, type Kysely } from "kysely";

/**
 * The database side of backups, generic over the app's tables: they are read from the catalog
 * at run time (pg_catalog answers the same on PGlite and PostgreSQL), so a table added by a
 * migration is backed up without touching this file. Values travel as PostgreSQL's own text
 * form (`column::text`) and come back through the column type's input (`$1::type`), which is
 * exact for every type: timestamptz, jsonb, bytea, numeric, real, booleans, arrays, NULL.
 */
// Kysely<any>: the tables are discovered at run time, not known to the typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** Kysely's own bookkeeping: restore recreates it by running the migrations. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/**
 * Tables never backed up (decision 086), each ephemeral or secret to one installation. A restore
 * empties them, so everyone signs in again.
 */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  sessions: "signed-in sessions: everyone signs in again after a restore",
  login_challenges: "half-finished two-factor sign-ins (minutes long)",
  login_attempts: "sign-in and password-reset rate-limit counters",
  enquiry_submissions: "the contact form's rate-limit counter",
  contact_form_tokens: "the contact form's used time tokens, kept until they expire",
  booking_click_salts: "the day's salt for counting Book Now visitors, kept one day only",
  booking_click_visitors: "the day's salted hashes of Book Now visitors, kept one day only",
  app_secrets:
    "the installation's cookie-signing key: a restored copy makes its own, so old flash and trusted-device cookies stop working",
  // The job runner's table, named before its migration lands; a name with no table is ignored.
  job_runs:
    "the job runner's claims of each period's run: after a restore each job runs on its next tick",
};

export interface ColumnInfo {
  name: string;
  /** format_type(): `timestamp with time zone`, `jsonb`, `numeric(12,2)`, `text[]`… */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** A GENERATED ALWAYS identity column: inserts need OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

/** Output settings that make `::text` the same on every server, whatever its defaults. */
export async function setPortableOutput(trx: AnyDb): Promise<void> {
  await sql`set local timezone to 'UTC'`.execute(trx);
  await sql`set local datestyle to 'ISO, YMD'`.execute(trx);
  await sql`set local intervalstyle to 'postgres'`.execute(trx);
  await sql`set local bytea_output to 'hex'`.execute(trx);
  await sql`set local extra_float_digits to 1`.execute(trx);
}

/**
 * Every table of the app's schema (migration bookkeeping aside) with its columns, parents before
 * the tables whose foreign keys point at them.
 */
export async function describeTables(db: AnyDb): Promise<TableInfo[]> {
  const columns = await sql<{
    table: string;
    column: string;
    type: string;
    identity: string;
    generated: string;
  }>`
    select c.relname as "table", a.attname as "column",
      format_type(a.atttypid, a.atttypmod) as "type",
      a.attidentity::text as "identity", a.attgenerated::text as "generated"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum
  `.execute(db);
  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    if (MIGRATION_TABLES.has(row.table)) continue;
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], identityAlways: false };
      tables.set(row.table, table);
    }
    // Generated columns are computed by the database; they are neither dumped nor inserted.
    if (row.generated) continue;
    table.columns.push({ name: row.column, type: row.type });
    if (row.identity === "a") table.identityAlways = true;
  }
  const keys = await sql<{ child: string; parent: string }>`
    select src.relname as child, dst.relname as parent
    from pg_constraint k
    join pg_class src on src.oid = k.conrelid
    join pg_class dst on dst.oid = k.confrelid
    join pg_namespace n on n.oid = src.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()
  `.execute(db);
  return foreignKeyOrder([...tables.values()], keys.rows);
}

/** Parents first; ties alphabetical, so the order is the same on every run. */
export function foreignKeyOrder(
  tables: TableInfo[],
  keys: { child: string; parent: string }[],
): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of keys) {
    // A table that points at itself orders its own rows; only other tables matter here.
    if (child !== parent && byName.has(child) && byName.has(parent)) {
      parents.get(child)!.add(parent);
    }
  }
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...parents.entries()]
      .filter(([name, deps]) => !done.has(name) && [...deps].every((d) => done.has(d)))
      .map(([name]) => name)
      .sort();
    if (!ready.length) {
      const left = [...parents.keys()].filter((n) => !done.has(n)).join(", ");
      throw new Error(`The foreign keys between these tables form a cycle: ${left}`);
    }
    for (const name of ready) {
      done.add(name);
      ordered.push(byName.get(name)!);
    }
  }
  return ordered;
}

export type TextRow = (string | null)[];

/** Reads a table's rows as text through a cursor, a batch at a time (inside a transaction). */
export async function* readRows(trx: AnyDb, table: TableInfo): AsyncGenerator<TextRow[]> {
  const list = sql.join(
    table.columns.map((c, i) => sql`${sql.id(c.name)}::text as ${sql.id(`c${i}`)}`),
  );
  await sql`declare wlx_backup_rows no scroll cursor for select ${list} from ${sql.id(table.name)}`.execute(
    trx,
  );
  try {
    for (;;) {
      const batch = await sql<
        Record<string, string | null>
      >`fetch 500 from wlx_backup_rows`.execute(trx);
      if (!batch.rows.length) return;
      yield batch.rows.map((row) => table.columns.map((_c, i) => row[`c${i}`] ?? null));
    }
  } finally {
    await sql`close wlx_backup_rows`.execute(trx);
  }
}

/** Inserts rows given as text, each value through its column type's input. */
export async function insertRows(trx: AnyDb, table: TableInfo, rows: TextRow[]): Promise<void> {
  if (!rows.length) return;
  const columns = sql.join(table.columns.map((c) => sql.id(c.name)));
  const overriding = table.identityAlways ? sql`overriding system value` : sql``;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(table.columns.map((c, i) => sql`${row[i] ?? null}::${sql.raw(c.type)}`))})`,
    ),
  );
  await sql`insert into ${sql.id(table.name)} (${columns}) ${overriding} values ${values}`.execute(
    trx,
  );
}

/** Rows per insert: PostgreSQL takes at most 65,535 parameters per statement. */
export function batchSize(table: TableInfo): number {
  return Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, table.columns.length))));
}

/** Moves every serial/identity sequence past the highest restored value, so new rows never collide. */
export async function resetSequences(trx: AnyDb, tables: TableInfo[]): Promise<void> {
  const names = new Set(tables.map((t) => t.name));
  const found = await sql<{ table: string; column: string; seq: string }>`
    select * from (
      select c.relname as "table", a.attname as "column",
        pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped
    ) s where seq is not null
  `.execute(trx);
  for (const { table, column, seq } of found.rows) {
    if (!names.has(table)) continue;
    await sql`
      select setval(${seq}::regclass,
        coalesce((select max(${sql.id(column)}) from ${sql.id(table)}), 0) + 1, false)
    `.execute(trx);
  }
}

export async function countRows(db: AnyDb, table: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*)::text as n from ${sql.id(table)}`.execute(
    db,
  );
  return Number(result.rows[0]?.n ?? 0);
}
