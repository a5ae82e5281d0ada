import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, launch, launchNode, waitForHealth, type Proc } from "../support/processes";
import { tempDirs } from "../support/files";

// `npm run backup` / `npm run restore` as an operator runs them, against the built server bundle,
// around a real server on the embedded defaults (demo catalogue and its images).
const npm = (script: string, args: string[], env: Record<string, string>) =>
  launch("npm", ["run", "--silent", script, "--", ...args], { LOG_LEVEL: "warn", ...env });

async function startServer(dataDir: string): Promise<{ proc: Proc; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = launchNode("server.ts", [], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  });
  await waitForHealth(url, proc, 200_000);
  return { proc, url };
}

async function stop(proc: Proc): Promise<void> {
  proc.child.kill("SIGTERM");
  await proc.exited;
}

describe("npm run backup / npm run restore", () => {
  const temp = tempDirs("wlx-backup-smoke-");
  const work = temp.make();
  const source = path.join(work, "source");
  const restored = path.join(work, "restored");
  const archive = path.join(work, "site.wlx");
  let server: { proc: Proc; url: string };
  let image: { path: string; bytes: Buffer };

  beforeAll(async () => {
    server = await startServer(source);
    const home = await (await fetch(server.url)).text();
    const found = /\/media\/seed\/[\w.-]+\.webp/.exec(home);
    if (!found) throw new Error("no demo image on the home page");
    image = {
      path: found[0],
      bytes: Buffer.from(await (await fetch(`${server.url}${found[0]}`)).arrayBuffer()),
    };
  }, 240_000);

  afterAll(async () => {
    if (server && server.proc.child.exitCode === null) await stop(server.proc);
    temp.removeAll();
  });

  it("refuses while the server holds the embedded database", async () => {
    const run = npm("backup", [archive], { DATA_DIR: source });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      /is in use by another process \(PID \d+\).*only while the server is stopped\. No backup was written\./,
    );
    expect(fs.existsSync(archive)).toBe(false);
  }, 60_000);

  it("backs up the stopped site and restores it into a new DATA_DIR that serves the same content", async () => {
    await stop(server.proc);
    const backup = npm("backup", [archive], { DATA_DIR: source });
    expect(await backup.exited).toBe(0);
    expect(backup.output()).toMatch(
      /Backup of DATA_DIR .* written to .*site\.wlx: \d+ tables, \d+ rows, \d+ media objects/,
    );

    const restore = npm("restore", [archive], { DATA_DIR: restored });
    expect(await restore.exited).toBe(0);
    expect(restore.output()).toMatch(
      /Restored .* Sessions are not restored: everyone signs in again\./,
    );

    const again = npm("restore", [archive], { DATA_DIR: restored });
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/The target is not empty .*--force.*Nothing was restored\./);
    const forced = npm("restore", [archive, "--force"], { DATA_DIR: restored });
    expect(await forced.exited).toBe(0);

    server = await startServer(restored);
    const served = await fetch(`${server.url}${image.path}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true);
    expect(await (await fetch(server.url)).text()).toContain(image.path);
  }, 300_000);
});
