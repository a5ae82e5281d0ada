import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { EMBEDDED_POSTGRES_SETTINGS, pgliteOptions } from "./pglite-options.server";

/*
 * The embedded database's first start without initdb (decision 108). PGlite creates a new data
 * directory by running initdb in a second PostgreSQL inside the process, restoring a full copy of
 * its 128 MB WebAssembly heap before each of initdb's steps, then copying the result over as a
 * tarball: about 450 MB at once, the whole first-start peak. `npm run build` does that once, in
 * its own process (scripts/pglite-template.ts), and keeps the new data directory as a template
 * under build/pglite/; a first start copies its files (no WebAssembly involved) and opens it.
 * The name carries the PGlite version and the settings initdb wrote, so a template from another
 * version is never used: the start then falls back to initdb, as before.
 */

const PG_VERSION = "PG_VERSION";

/** The installed PGlite's version (its package.json; the package does not export that file). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as {
      name?: string;
      version?: string;
    };
    if (name === "@electric-sql/pglite" && version) return version;
  }
  throw new Error("@electric-sql/pglite's package.json not found");
}

/** The template's directory name: PGlite's version and a hash of the settings in postgresql.conf. */
export function pgliteTemplateName(version = pgliteVersion()): string {
  const settings = createHash("sha256")
    .update(JSON.stringify(EMBEDDED_POSTGRES_SETTINGS))
    .digest("hex")
    .slice(0, 12);
  return `pglite-${version}-${settings}`;
}

/** Where `npm run build` leaves the template (BUILD_DIR honoured, as by server.ts). */
export function pgliteTemplatePath(buildDir = process.env.BUILD_DIR ?? "build"): string {
  return path.resolve(buildDir, "pglite", pgliteTemplateName());
}

/** A data directory PostgreSQL can open: it has its PG_VERSION file. */
export const holdsDatabase = (dir: string) => fs.existsSync(path.join(dir, PG_VERSION));

function copyTree(from: string, to: string, dirMode: number, fileMode: number): void {
  fs.mkdirSync(to, { mode: dirMode });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target, dirMode, fileMode);
    else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      fs.chmodSync(target, fileMode);
    }
  }
  fs.chmodSync(to, dirMode);
}

/**
 * Fills `pgDir` from `template` when `pgDir` holds no database yet (missing or empty). The copy
 * is made beside it and renamed into place, so a start stopped halfway leaves no half database.
 * Answers false (and changes nothing) when there is no template or `pgDir` is not empty.
 */
export function seedDataDirFromTemplate(pgDir: string, template: string): boolean {
  if (!holdsDatabase(template)) return false;
  if (fs.existsSync(pgDir)) {
    if (fs.readdirSync(pgDir).length > 0) return false;
    fs.rmdirSync(pgDir);
  }
  const partial = `${pgDir}.partial-${randomBytes(4).toString("hex")}`;
  try {
    copyTree(template, partial, 0o700, 0o600);
    fs.renameSync(partial, pgDir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/**
 * Makes the template: a new data directory from `create` (which runs initdb there and closes
 * it), readable by everyone (it holds no data; the Docker image copies it to another user) and
 * renamed into place when complete. Nothing is done when it is already there.
 */
export async function makePgliteTemplate(
  template: string,
  create: (dir: string) => Promise<void>,
): Promise<"made" | "exists"> {
  if (holdsDatabase(template)) return "exists";
  fs.mkdirSync(path.dirname(template), { recursive: true });
  const partial = `${template}.partial-${randomBytes(4).toString("hex")}`;
  try {
    await create(partial);
    if (!holdsDatabase(partial)) throw new Error(`initdb left no ${PG_VERSION} in ${partial}`);
    fs.rmSync(template, { recursive: true, force: true });
    const shared = `${partial}.shared`;
    copyTree(partial, shared, 0o755, 0o644);
    fs.rmSync(partial, { recursive: true, force: true });
    fs.renameSync(shared, template);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.rmSync(`${partial}.shared`, { recursive: true, force: true });
  }
  return "made";
}

/** PGlite's own way to a new data directory: create it (initdb runs) and close it. */
async function initdb(dir: string): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create(dir, pgliteOptions(PGlite.defaultStartParams));
  await pglite.close();
}

/**
 * For `npm run build` (scripts/pglite-template.ts): makes the template once per PGlite version
 * and settings in `cacheDir` (react-router build empties the build directory every time; initdb
 * takes 5-10 s), then copies it under `buildDir`/pglite, where the server looks for it.
 */
export async function buildPgliteTemplate(
  cacheDir: string,
  buildDir: string,
): Promise<{ template: string; made: boolean }> {
  const name = pgliteTemplateName();
  const cached = path.join(cacheDir, name);
  const made = (await makePgliteTemplate(cached, initdb)) === "made";
  const template = pgliteTemplatePath(buildDir);
  if (!holdsDatabase(template)) {
    fs.mkdirSync(path.dirname(template), { recursive: true });
    const partial = `${template}.partial-${randomBytes(4).toString("hex")}`;
    try {
      copyTree(cached, partial, 0o755, 0o644);
      fs.renameSync(partial, template);
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  return { template, made };
}
