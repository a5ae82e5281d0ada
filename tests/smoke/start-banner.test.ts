import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { ADMIN, ensureTestAdmin } from "../support/auth-support";
import { freePort } from "../support/processes";

// The start prints its URL at once, and its sign-in hint tells
// the truth: no "create an admin" when admins exist, and no "sign in with ADMIN_PASSWORD" when
// that password was ignored because the admin already existed.
const root = path.resolve(__dirname, "../..");
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("postgres");
  await ensureTestAdmin(database);
});
afterAll(async () => {
  await database?.close();
});

/** Starts the launcher on the test database, answers what it printed up to its banner. */
async function banner(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url!,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const until = Date.now() + 30_000;
  while (!/Admin: .*\n/.test(output)) {
    if (Date.now() > until || child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGTERM");
  await exited;
  return output;
}

describe("the start banner", () => {
  it("prints the URL before the database is ready", async () => {
    const output = await banner({});
    const starting = output.indexOf("Starting: http://127.0.0.1:");
    expect(starting).toBeGreaterThanOrEqual(0);
    expect(starting).toBeLessThan(output.indexOf('"msg":"server listening"'));
  }, 40_000);

  it("does not ask to create an admin when there is one", async () => {
    const output = await banner({});
    expect(output).toContain("(sign in with an existing admin's e-mail and password: 1 admin)");
    expect(output).not.toContain("create an admin");
  }, 40_000);

  it("says when ADMIN_PASSWORD was not applied to an admin that already existed", async () => {
    const output = await banner({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: "some other long password",
    });
    expect(output).toContain(
      `(sign in as ${ADMIN.email} with its current password: it already existed, so ADMIN_PASSWORD was not applied)`,
    );
  }, 40_000);

  it("says to sign in with ADMIN_PASSWORD when it created that admin", async () => {
    const output = await banner({
      ADMIN_EMAIL: "new-owner@example.com",
      ADMIN_PASSWORD: "a brand new long password",
    });
    expect(output).toContain("(sign in as new-owner@example.com with ADMIN_PASSWORD)");
  }, 40_000);
});
