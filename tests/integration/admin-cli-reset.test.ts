import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { runAdminCli } from "~/server/auth/admin-cli.server";
import { createAdmin, verifyPassword } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import { listEvents } from "~/server/events/events.server";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/platform/migrate.server";
import { BACKENDS, createTestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

const EMAIL = "locked.out@example.com";
const PASSWORD = "correct horse battery staple";

const temp = tempDirs("wlx-cli-");
afterEach(temp.removeAll);

function io(lines: string[]) {
  const output = new PassThrough();
  const error = new PassThrough();
  let out = "";
  let err = "";
  output.on("data", (c: Buffer) => (out += c.toString()));
  error.on("data", (c: Buffer) => (err += c.toString()));
  return {
    io: { input: Readable.from(lines.map((l) => `${l}\n`)), output, error },
    out: () => out,
    err: () => err,
  };
}

/**
 * A database the CLI opens itself (as `npm run admin` does, from the environment), prepared
 * through `prepare` and inspected through `inspect` while the CLI is not holding it.
 */
async function withCliDatabase(
  backend: (typeof BACKENDS)[number],
  prepare: (database: Database) => Promise<void>,
  run: () => Promise<void>,
  inspect: (database: Database) => Promise<void>,
): Promise<void> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
  if (backend === "postgres") {
    const database = await createTestDatabase("postgres");
    try {
      await prepare(database);
      process.env.DATABASE_URL = database.url;
      await run();
      await inspect(database);
    } finally {
      process.env.DATABASE_URL = saved.DATABASE_URL;
      await database.close();
    }
    return;
  }
  // PGlite allows one process (and one open handle) at a time: close it while the CLI runs.
  const dataDir = temp.make();
  try {
    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await prepare(first);
    await first.close();
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
    await run();
    const again = await openDatabase({ dataDir });
    try {
      await inspect(again);
    } finally {
      await again.close();
    }
  } finally {
    process.env.DATABASE_URL = saved.DATABASE_URL;
    process.env.DATA_DIR = saved.DATA_DIR;
  }
}

describe.each(BACKENDS)("npm run admin -- reset-password|reset-2fa on %s", (backend) => {
  it("reset-password sets a new password, ends every session and records the event", async () => {
    let adminId = "";
    const cli = io(["a fresh operator-set passphrase", "a fresh operator-set passphrase"]);
    await withCliDatabase(
      backend,
      async ({ db }) => {
        adminId = (await createAdmin(db, EMAIL, PASSWORD)).id;
        await createSession(db, adminId);
      },
      async () => {
        expect(await runAdminCli(["reset-password", EMAIL.toUpperCase()], cli.io)).toBe(0);
      },
      async ({ db }) => {
        const row = await db
          .selectFrom("admins")
          .select("password_hash")
          .where("id", "=", adminId)
          .executeTakeFirstOrThrow();
        expect(await verifyPassword(row.password_hash, "a fresh operator-set passphrase")).toBe(
          true,
        );
        expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
        const [event] = await listEvents(db, { adminId });
        expect(event).toMatchObject({ type: "account.password_reset", details: { via: "cli" } });
      },
    );
    expect(cli.out()).toContain(`Password of ${EMAIL} changed; every session was signed out.`);
  });

  it("reset-2fa turns two-factor off, removes the recovery codes and ends every session", async () => {
    let adminId = "";
    const cli = io([]);
    await withCliDatabase(
      backend,
      async ({ db }) => {
        adminId = (await createAdmin(db, EMAIL, PASSWORD)).id;
        await sql`update admins set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          totp_enabled_at = now() where id = ${adminId}`.execute(db);
        await db
          .insertInto("recovery_codes")
          .values({ admin_id: adminId, code_hash: "a".repeat(64) })
          .execute();
        await createSession(db, adminId, { aal: 2 });
      },
      async () => {
        expect(await runAdminCli(["reset-2fa", EMAIL], cli.io)).toBe(0);
      },
      async ({ db }) => {
        const row = await db
          .selectFrom("admins")
          .select(["totp_secret", "totp_enabled_at"])
          .where("id", "=", adminId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });
        expect(await db.selectFrom("recovery_codes").selectAll().execute()).toEqual([]);
        expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
        const [event] = await listEvents(db, { adminId });
        expect(event).toMatchObject({
          type: "account.two_factor_disabled",
          details: { via: "cli" },
        });
      },
    );
    expect(cli.out()).toContain(`Two-factor authentication is off for ${EMAIL}`);
  });

  it("changes nothing for an unknown e-mail, a short password or mismatched passwords", async () => {
    let adminId = "";
    const unknown = io([]);
    const short = io(["too short", "too short"]);
    const mismatch = io(["a fresh operator-set passphrase", "another passphrase entirely"]);
    await withCliDatabase(
      backend,
      async ({ db }) => {
        adminId = (await createAdmin(db, EMAIL, PASSWORD)).id;
        await createSession(db, adminId);
      },
      async () => {
        expect(await runAdminCli(["reset-2fa", "nobody@example.com"], unknown.io)).toBe(1);
        expect(await runAdminCli(["reset-password", EMAIL], short.io)).toBe(1);
        expect(await runAdminCli(["reset-password", EMAIL], mismatch.io)).toBe(1);
      },
      async ({ db }) => {
        const row = await db
          .selectFrom("admins")
          .select("password_hash")
          .where("id", "=", adminId)
          .executeTakeFirstOrThrow();
        expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
        expect(await db.selectFrom("sessions").selectAll().execute()).toHaveLength(1);
        expect(await listEvents(db)).toEqual([]);
      },
    );
    expect(unknown.err()).toContain(
      "No admin with e-mail nobody@example.com. Nothing was changed.",
    );
    expect(short.err()).toContain("Password must be at least 12 characters. Nothing was changed.");
    expect(mismatch.err()).toContain("The passwords do not match. Nothing was changed.");
  });

  it("refuses an existing admin (create) or an unknown one (reset) before asking for a password", async () => {
    const existing = io([PASSWORD, PASSWORD]);
    const unknown = io([PASSWORD, PASSWORD]);
    await withCliDatabase(
      backend,
      async ({ db }) => {
        await createAdmin(db, EMAIL, PASSWORD);
      },
      async () => {
        expect(await runAdminCli(["create", EMAIL], existing.io)).toBe(1);
        expect(await runAdminCli(["reset-password", "nobody@example.com"], unknown.io)).toBe(1);
      },
      async ({ db }) => {
        expect(await db.selectFrom("admins").selectAll().execute()).toHaveLength(1);
      },
    );
    expect(existing.err()).toContain(`An admin with e-mail ${EMAIL} already exists`);
    expect(existing.out()).not.toContain("Password for");
    expect(unknown.err()).toContain("No admin with e-mail nobody@example.com");
    expect(unknown.out()).not.toContain("Password for");
  });

  it("names the new commands in its usage", async () => {
    const cli = io([]);
    expect(await runAdminCli(["reset-everything"], cli.io)).toBe(2);
    expect(cli.err()).toContain("npm run admin -- reset-password <email>");
    expect(cli.err()).toContain("npm run admin -- reset-2fa <email>");
  });
});

describe("npm run admin while the server holds the embedded data directory", () => {
  it("says so before asking for a password", async () => {
    const dataDir = temp.make();
    const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    // A running server: another live process holds DATA_DIR/.lock.
    const server = spawn("sleep", ["30"]);
    fs.writeFileSync(path.join(dataDir, ".lock"), String(server.pid));
    const cli = io([PASSWORD, PASSWORD]);
    try {
      delete process.env.DATABASE_URL;
      process.env.DATA_DIR = dataDir;
      await expect(runAdminCli(["create", EMAIL], cli.io)).rejects.toThrow(
        /is in use by another process/,
      );
      expect(cli.out()).not.toContain("Password for");
    } finally {
      process.env.DATABASE_URL = saved.DATABASE_URL;
      process.env.DATA_DIR = saved.DATA_DIR;
      server.kill();
    }
  });
});
