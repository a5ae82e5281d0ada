import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installState } from "../../scripts/ensure-installed.mjs";
import { tempDirs } from "../support/files";

// `npm test` on a fresh clone installs first (pretest), and does nothing when CI just ran npm ci.
describe("npm test's pretest: install when node_modules is missing or stale", () => {
  const dirs = tempDirs("wlx-pretest-");
  afterEach(dirs.removeAll);

  function project(
    lock: Record<string, { version: string; optional?: boolean }>,
    installed?: Record<string, { version: string }>,
  ): string {
    const dir = dirs.make();
    writeFileSync(
      path.join(dir, "package-lock.json"),
      JSON.stringify({ lockfileVersion: 3, packages: { "": { name: "x" }, ...lock } }),
    );
    if (installed) {
      mkdirSync(path.join(dir, "node_modules"));
      writeFileSync(
        path.join(dir, "node_modules", ".package-lock.json"),
        JSON.stringify({ lockfileVersion: 3, packages: installed }),
      );
    }
    return dir;
  }

  const a = { "node_modules/a": { version: "1.0.0" } };

  it("tells a fresh clone, a changed lock file and a current install apart", () => {
    expect(installState(project(a)).state).toBe("missing");
    expect(installState(project(a, {})).state).toBe("stale");
    expect(installState(project(a, { "node_modules/a": { version: "0.9.0" } }))).toEqual({
      state: "stale",
      reason: "node_modules/a is 0.9.0, package-lock.json says 1.0.0",
    });
    expect(installState(project(a, a)).state).toBe("current");
    // Another platform's optional binary is never installed here: that is not stale.
    const withOptional = { ...a, "node_modules/@x/darwin": { version: "1.0.0", optional: true } };
    expect(installState(project(withOptional, a)).state).toBe("current");
  });

  it("is wired as npm test's pretest, and is a silent no-op on this installed checkout", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.pretest).toBe("node scripts/ensure-installed.mjs");
    expect(installState(root).state).toBe("current");
    const run = spawnSync(process.execPath, ["scripts/ensure-installed.mjs"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
  });
});
