// Shared by the backup suites: a source installation with every kind of content, and the
// comparisons (every row of every table, every object by sha256).
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import sharp from "sharp";
import { storeImage } from "~/server/media/images.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { mediaUrlForKey } from "~/server/media/media-urls.server";
import type { BackupMedia } from "~/server/backup/backup-media.server";
import {
  EXCLUDED_TABLES,
  describeTables,
  setPortableOutput,
  type AnyDb,
} from "~/server/backup/backup-schema.server";
import { hashStream } from "~/server/backup/backup-tar.server";
import type { Db } from "~/server/platform/db.server";
import { makePackage } from "./factories";

/**
 * A table outside the app's schema with every awkward type, an identity (GENERATED ALWAYS), a
 * serial and a generated column: the dump is generic, so it must carry these too.
 */
export async function createProbeTable(db: AnyDb): Promise<void> {
  await sql`
    create table backup_probe (
      id bigint generated always as identity primary key,
      serial_no serial not null,
      amount numeric(14, 4),
      big numeric,
      ratio real,
      precise double precision,
      data bytea,
      flag boolean,
      at timestamptz,
      local_at timestamp,
      day date,
      span interval,
      tags text[],
      doc jsonb,
      note text,
      doubled numeric generated always as (amount * 2) stored
    )
  `.execute(db);
}

export const PROBE_ROWS = sql`
  insert into backup_probe (amount, big, ratio, precise, data, flag, at, local_at, day, span, tags, doc, note)
  values
    (1234567890.1234, 'NaN', 0.1, 0.30000000000000004, '\\x00ff10'::bytea, true,
     '2026-03-01 12:34:56.123456+02', '2026-03-01 23:59:59.999999', '2026-12-31',
     '1 year 2 mons 3 days 04:05:06.789', array['a', 'b,c', 'quote"d', null]::text[],
     '{"zoë": "🌍", "n": 12345678901234567890, "nested": {"x": [1, null, true]}}',
     'Zoë ナ 🌍 line
break	tab \\ backslash ''quote'''),
    (null, null, null, null, null, false, null, null, null, null, '{}', 'null', ''),
    (-0.0001, '-1e-20', -3.4e38, -1.7976931348623157e308, '\\x'::bytea, null,
     '1999-12-31 23:59:59+14', null, '0001-01-01', '-1 day', null, '[]', null)
`;

/** Everything an installation holds: packages, images and variants, a moment, admins, enquiries, events… */
export async function fillSource(
  db: Db,
  mediaRoot: string,
): Promise<{ sessionId: string; adminId: string }> {
  // A small catalogue (the demo seed renders ~300 objects: too slow on a busy machine): packages
  // of several kinds, images with their variants, a video, a travel moment.
  const store = new LocalMediaStore(mediaRoot);
  const packages = [
    await makePackage(db, "trip", { title: "Zoë's Bali 🌴" }),
    await makePackage(db, "local", { title: "Cape Town walk", status: "draft" }),
    await makePackage(db, "discovery", { title: "Hidden cove" }),
  ];
  for (const [i, pkg] of packages.entries()) {
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: { r: 40 * i, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const media = await storeImage(db, store, png, "packages");
    await db
      .insertInto("package_images")
      .values({
        package_id: pkg.id,
        position: 0,
        url: mediaUrlForKey(media.storage_key),
        media_id: media.id,
        alt: `Picture ${i} ü`,
        focal_x: 0.25,
      })
      .execute();
  }
  const videoKey = "travel-moments/1-clip.mp4";
  await store.put(videoKey, Buffer.from("not really a video, but bytes"), "video/mp4");
  const video = await db
    .insertInto("media_objects")
    .values({ storage_key: videoKey, content_type: "video/mp4", bytes: 29 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("travel_moments")
    .values({
      title: "Sunrise",
      video_url: mediaUrlForKey(videoKey),
      order_index: 0,
      is_active: false,
      video_media_id: video.id,
    })
    .execute();
  const admin = await createAdmin(db, "owner@example.com", "a long password 123");
  await createAdmin(db, "second@example.com", "another long password");
  await sql`update admins set totp_secret = ${"A".repeat(32)}, totp_enabled_at = now(),
    totp_last_step = 123 where id = ${admin.id}`.execute(db);
  await sql`insert into recovery_codes (admin_id, code_hash) values (${admin.id}, ${"c".repeat(64)})`.execute(
    db,
  );
  await sql`insert into admin_emails (admin_id, email, verified_at) values (${admin.id}, 'alt@example.com', now())`.execute(
    db,
  );
  await sql`insert into team_settings (name, value) values ('require_two_factor', 'true')`.execute(
    db,
  );
  const pkg = await sql<{
    id: string;
    title: string;
  }>`select id, title from packages limit 1`.execute(db);
  await sql`insert into enquiries (first_name, last_name, email, message, package_id, package_title, status, notes)
    values ('Zoë', 'Ngữ', 'zoe@example.com', ${"Hello 🌍\nsecond line"}, ${pkg.rows[0]!.id},
      ${pkg.rows[0]!.title}, 'replied', 'called back'),
    ('Ann', '', 'ann@example.com', 'General question', null, null, 'new', '')`.execute(db);
  await sql`insert into events (type, admin_id, email, details)
    values ('sign_in', ${admin.id}, 'owner@example.com', ${JSON.stringify({ note: "ünï 🌍", n: 1.5 })})`.execute(
    db,
  );
  await sql`insert into booking_clicks (day, target, clicks) values ('2026-11-24', 'general', 7)`.execute(
    db,
  );
  // What must NOT come back: a session, rate-limit counters, the cookie key.
  const session = await createSession(db, admin.id, { aal: 2 });
  await sql`insert into login_attempts (scope, subject) values ('email', 'owner@example.com')`.execute(
    db,
  );
  await sql`insert into enquiry_submissions (ip) values ('127.0.0.1')`.execute(db);
  await sql`insert into app_secrets (name, value) values ('cookie', ${"s".repeat(40)})`
    .execute(db)
    .catch(() => {});
  return { sessionId: session.id, adminId: admin.id };
}

/** Every row of every backed-up table as text, sorted: equal snapshots mean equal databases. */
export async function snapshotRows(db: AnyDb): Promise<Record<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    await setPortableOutput(trx);
    const out: Record<string, string[]> = {};
    for (const table of await describeTables(trx)) {
      if (table.name in EXCLUDED_TABLES) continue;
      const list = sql.join(table.columns.map((c) => sql`${sql.id(c.name)}::text`));
      const rows = await sql<{ r: string }>`
        select json_build_array(${list})::text as r from ${sql.id(table.name)}
      `.execute(trx);
      out[table.name] = rows.rows.map((row) => row.r).sort();
    }
    return out;
  });
}

/** key → sha256 of every object in a store. */
export async function snapshotMedia(media: BackupMedia): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of media.list()) {
    out[key] = (await hashStream((await media.read(key)).body)).sha256;
  }
  return out;
}

export async function countOf(db: AnyDb, table: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*)::text as n from ${sql.id(table)}`.execute(
    db,
  );
  return Number(result.rows[0]!.n);
}

export function sha256File(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** A copy of `dir` with nothing in it changed, to prove a refused restore wrote nothing. */
export function treeDigest(dir: string): string {
  if (!fs.existsSync(dir)) return "absent";
  const hash = createHash("sha256");
  const walk = (d: string) => {
    for (const entry of fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      hash.update(path.relative(dir, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest("hex");
}
