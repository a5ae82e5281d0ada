import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadTool, parseWrkOutput } from "../../scripts/load-generator.ts";
import { tempDirs } from "../support/files";

describe("the bench's load generator (decision 106)", () => {
  const temp = tempDirs("wlx-loadtool-");
  afterEach(temp.removeAll);

  function pathWith(files: Record<string, number>): string {
    const dir = temp.make();
    for (const [name, mode] of Object.entries(files)) {
      fs.writeFileSync(path.join(dir, name), "#!/bin/sh\n");
      fs.chmodSync(path.join(dir, name), mode);
    }
    return dir;
  }

  it("uses wrk when an executable wrk is on PATH, autocannon otherwise or when asked", () => {
    expect(loadTool({ PATH: pathWith({ wrk: 0o755 }) })).toBe("wrk");
    expect(loadTool({ PATH: `/nonexistent${path.delimiter}${pathWith({ wrk: 0o755 })}` })).toBe(
      "wrk",
    );
    expect(loadTool({ PATH: pathWith({ wrk: 0o644 }) })).toBe("autocannon");
    expect(loadTool({ PATH: pathWith({ curl: 0o755 }) })).toBe("autocannon");
    expect(loadTool({})).toBe("autocannon");
    expect(loadTool({ PATH: pathWith({ wrk: 0o755 }), BENCH_LOAD_TOOL: "autocannon" })).toBe(
      "autocannon",
    );
  });

  it("reads wrk's report line: exact percentiles in ms, non-2xx apart from connection errors", () => {
    const stdout = [
      "Running 10s test @ http://127.0.0.1:3000/",
      "  2 threads and 32 connections",
      'WRK_JSON {"requests":148279,"duration":10030000,"p50":2043,"p99":12361,"max":101840,' +
        '"connect":1,"read":2,"write":3,"status":7,"timeout":4}',
      "Requests/sec:  14784.10",
    ].join("\n");
    expect(parseWrkOutput(stdout)).toEqual({
      requestsPerSecond: 14784,
      p50: 2.04,
      p99: 12.36,
      max: 101.84,
      non2xx: 7,
      errors: 10,
    });
  });

  it("refuses output without a report (wrk failed) instead of reporting zeros", () => {
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:1 Connection refused\n")).toThrow(
      /wrk printed no report/,
    );
  });
});
