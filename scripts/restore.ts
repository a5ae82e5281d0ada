// `npm run restore -- <file> [--force]`: runs the CLI from the built server bundle (decision 086).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(root, process.env.BUILD_DIR ?? "build", "server", "index.js");

try {
  const mod = (await import(entry)) as { runRestoreCli(argv: string[]): Promise<number> };
  process.exitCode = await mod.runRestoreCli(process.argv.slice(2));
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") {
    console.error("No build found: run `npm run build` first.");
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
}
