import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { freePort, launchNode, waitForHealth, type Proc } from "../support/processes";
import { tempDirs } from "../support/files";

// The real launcher (`npm start` = node server.ts) as a child process: the runtime contract.

describe("runtime contract of the launcher", () => {
  const temp = tempDirs("wlx-proc-");
  const dataDir = temp.make();
  let first: Proc;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    first = launchNode("server.ts", [], {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
    });
    await waitForHealth(`http://127.0.0.1:${port}`, first);
  }, 90_000);

  afterAll(() => {
    first?.child.kill("SIGKILL");
    temp.removeAll();
  });

  it("prints the URL and how to sign in", () => {
    expect(first.output()).toContain(`http://127.0.0.1:${port}/`);
    expect(first.output()).toMatch(/npm run admin -- create <email>/);
  });

  it("refuses a second process on the same DATA_DIR with a clear message", async () => {
    const second = launchNode("server.ts", [], {
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another process (PID ${first.child.pid})`);
  });

  it("stops with a message naming a bad environment variable", async () => {
    const bad = launchNode("server.ts", [], { PORT: "not-a-port", DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid environment:\s+PORT: /);
  });

  it("drains and exits 0 on SIGTERM within 10 s, releasing the lock", async () => {
    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/`);
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    first.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(dataDir, ".lock"))).toBe(false);
  }, 15_000);
});

describe("server database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("bootstraps ADMIN_EMAIL, and /healthz answers 503 once the database is gone", async () => {
    const port = await freePort();
    const proc = launchNode("server.ts", [], {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url!,
      ADMIN_EMAIL: "Boot@Example.com",
      ADMIN_PASSWORD: "a long enough password",
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, proc);
      const admins = await database.db
        .selectFrom("admins")
        .select(["email", "password_hash"])
        .execute();
      expect(admins).toHaveLength(1);
      expect(admins[0]!.password_hash).toMatch(/^\$argon2id\$/);
      // Take the database away under the running server.
      const url = new URL(database.url!);
      const admin = new pg.Client({
        connectionString: url.toString().replace(url.pathname, "/postgres"),
      });
      await admin.connect();
      await admin.query(`alter database "${url.pathname.slice(1)}" allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [url.pathname.slice(1)],
      );
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable" });
      await admin.query(`alter database "${url.pathname.slice(1)}" allow_connections true`);
      await admin.end();
    } finally {
      proc.child.kill("SIGTERM");
      await proc.exited;
    }
  }, 60_000);

  it("`npm run admin -- create <email>` creates an admin from the prompted password", async () => {
    const ok = launchNode(
      "scripts/admin.ts",
      ["create", "cli@example.com"],
      { DATABASE_URL: database.url! },
      "a very long password\na very long password\n",
    );
    expect(await ok.exited).toBe(0);
    expect(ok.output()).toContain("Admin cli@example.com created");
    expect(ok.output()).not.toContain("a very long password");

    const dup = launchNode(
      "scripts/admin.ts",
      ["create", "CLI@example.com"],
      { DATABASE_URL: database.url! },
      "another long password\nanother long password\n",
    );
    expect(await dup.exited).toBe(1);
    expect(dup.output()).toContain("already exists");

    const short = launchNode(
      "scripts/admin.ts",
      ["create", "x@example.com"],
      { DATABASE_URL: database.url! },
      "short\nshort\n",
    );
    expect(await short.exited).toBe(1);
    expect(short.output()).toContain("at least 12 characters");

    const mismatch = launchNode(
      "scripts/admin.ts",
      ["create", "y@example.com"],
      { DATABASE_URL: database.url! },
      "first long password\nsecond long password\n",
    );
    expect(await mismatch.exited).toBe(1);
    expect(mismatch.output()).toContain("do not match");

    const emails = (await database.db.selectFrom("admins").select("email").execute()).map(
      (a) => a.email,
    );
    expect(emails).not.toContain("x@example.com");
    expect(emails).not.toContain("y@example.com");
  }, 60_000);
});
