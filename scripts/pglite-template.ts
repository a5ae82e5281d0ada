// Post-build: the embedded database's template data directory (decision 108), so a first start
// copies files instead of running initdb inside the server (its memory peak). Made once per
// PGlite version and settings in .tmp/pglite (kept between builds), copied under build/pglite.
// Run by `npm run build` with --liftoff-only (initdb's SQL would otherwise tier up PostgreSQL's
// parser: 600 MB of compiler memory, decision 088); BUILD_DIR honoured.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const mod = (await import(path.join(buildDir, "server", "index.js"))) as {
  buildPgliteTemplate(
    cacheDir: string,
    buildDir: string,
  ): Promise<{ template: string; made: boolean }>;
};
const started = Date.now();
const { template, made } = await mod.buildPgliteTemplate(
  path.join(root, ".tmp", "pglite"),
  buildDir,
);
console.log(
  `embedded database template ${made ? `made in ${((Date.now() - started) / 1000).toFixed(1)} s` : "from the cache"}: ${path.relative(root, template)}`,
);
