import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// `npm run bench` runs under plain Node (type stripping, no Vite): every module the bench scripts
// reach, app modules included, must resolve there. An extensionless value import in app/domain
// (fine for Vite and Vitest) once stopped the whole bench before its first measurement.
const MODULES = [
  "bench-scale",
  "bench-memory",
  "bench-upload",
  "bench-admin",
  "bench-reference",
  "bench-languages",
  "load-generator",
  "lighthouse-admin",
].map((name) => pathToFileURL(path.resolve("scripts", `${name}.ts`)).href);
/** What the bench scripts import only when they run (bench-memory's PostgreSQL cluster). */
const LATER = ["tests/support/postgres.ts"].map((file) => pathToFileURL(path.resolve(file)).href);

describe("bench scripts under plain Node", () => {
  it("load with every module they import", () => {
    const script = `for (const url of ${JSON.stringify([...MODULES, ...LATER])}) await import(url);`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    expect(out).toBe("");
  }, 90_000);
});
