// @ts-check
// `npm test`'s first step (pretest): on a fresh clone, or after package-lock.json changed, run
// `npm ci` first, as `npm run go` installs before it builds. When node_modules matches the lock
// file (CI has just run `npm ci`) it only reads two files and says nothing.
//
// Plain JavaScript on purpose: on a fresh clone the project's Node 24 (a dev dependency) is not
// installed yet, so this runs on the system's Node, which may be 20.
import { spawnSync } from "node:child_process";
import console from "node:console";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Whether `root`'s node_modules holds what package-lock.json names: "missing" (no install),
 * "stale" (a package absent or at another version than the lock file says), or "current".
 * npm records what it installed in node_modules/.package-lock.json; packages that are optional
 * (other platforms' binaries) may be absent.
 * @param {string} root
 * @returns {{ state: "missing" | "stale" | "current", reason?: string }}
 */
export function installState(root) {
  const installed = path.join(root, "node_modules", ".package-lock.json");
  if (!existsSync(installed)) return { state: "missing", reason: "node_modules is not installed" };
  /** @type {Record<string, { version?: string, optional?: boolean }>} */
  const wanted = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")).packages;
  /** @type {Record<string, { version?: string }>} */
  const have = JSON.parse(readFileSync(installed, "utf8")).packages;
  for (const [name, entry] of Object.entries(wanted)) {
    if (name === "") continue;
    const got = have[name];
    if (!got) {
      if (entry.optional) continue;
      return { state: "stale", reason: `${name} is not installed` };
    }
    if (got.version !== entry.version) {
      return {
        state: "stale",
        reason: `${name} is ${got.version}, package-lock.json says ${entry.version}`,
      };
    }
  }
  return { state: "current" };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { state, reason } = installState(root);
  if (state !== "current") {
    console.log(`pretest: ${reason}: running npm ci first`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], {
      cwd: root,
      stdio: "inherit",
    });
    process.exit(result.status ?? 1);
  }
}
