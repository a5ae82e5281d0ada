// File-system helpers the integration suites share.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Every file under `root` (recursively), as sorted paths relative to it with `/` separators. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split(path.sep).join("/"))
    .filter((p) => fs.statSync(path.join(root, p)).isFile())
    .sort();
}

/**
 * Temporary directories named `prefix…`: `make` creates one, `removeAll` deletes every one made
 * so far (hand it to afterEach or afterAll).
 */
export function tempDirs(prefix: string): { make: () => string; removeAll: () => void } {
  const dirs: string[] = [];
  return {
    make: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll: () => {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
