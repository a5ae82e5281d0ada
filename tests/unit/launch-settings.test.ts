// Decision 088: the memory footprint depends on how Node is started. `npm start`, the Docker image
// and `npm run bench` must all start it with the flags and malloc settings of launch-settings.ts.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  benchServerEnv,
  PRODUCTION_MALLOC_ENV,
  PRODUCTION_NODE_FLAGS,
} from "~/server/http/launch-settings";

const read = (file: string) => fs.readFileSync(file, "utf8");

describe("production launch settings", () => {
  it("keeps WebAssembly on the baseline compiler and sets glibc malloc limits", () => {
    expect(PRODUCTION_NODE_FLAGS).toContain("--liftoff-only");
    expect(PRODUCTION_MALLOC_ENV).toMatchObject({ MALLOC_ARENA_MAX: "2" });
  });

  it("npm start passes the flags to node and sets the malloc environment", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts
      .start!;
    const node = start.slice(start.indexOf(" node "));
    expect(node).toMatch(new RegExp(`^ node ${PRODUCTION_NODE_FLAGS.join(" ")} server\\.ts$`));
    for (const [name, value] of Object.entries(PRODUCTION_MALLOC_ENV)) {
      expect(start.slice(0, start.indexOf(" node "))).toContain(` ${name}=${value}`);
    }
  });

  it("the Docker image does the same", () => {
    const dockerfile = read("Dockerfile");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...PRODUCTION_NODE_FLAGS, "server.ts"]);
    for (const [name, value] of Object.entries(PRODUCTION_MALLOC_ENV)) {
      expect(runtime).toMatch(new RegExp(`^ENV [^]*?\\b${name}=${value}\\b`, "m"));
    }
  });

  it("the benches start the server with them", () => {
    for (const file of ["scripts/bench.ts", "scripts/bench-memory.ts", "scripts/stress.ts"]) {
      const source = read(file);
      expect(source).toMatch(
        /spawn\(\s*process\.execPath,\s*\[\s*\.\.\.(PRODUCTION_NODE_FLAGS|nodeArgs)/,
      );
      expect(source).toContain("env: benchServerEnv(port, dataDir");
    }
    expect(benchServerEnv(1, "/tmp/x", { LOG_LEVEL: "info" })).toMatchObject({
      ...PRODUCTION_MALLOC_ENV,
      NODE_ENV: "production",
      PORT: "1",
      DATA_DIR: "/tmp/x",
      LOG_LEVEL: "info",
    });
  });
});
