// The built server's own log, read by the suites that check what it logged.
import { vi } from "vitest";

/** One JSON line the built server logged (pino). */
export type LogLine = Record<string, unknown>;

/**
 * From now on, the JSON lines the built server logs through pino to process.stdout go into
 * `lines` instead of the terminal; anything else is written as usual. `vi.restoreAllMocks()`
 * ends it.
 */
export function collectServerLogs(lines: LogLine[]): void {
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.startsWith('{"level"')) {
      for (const l of text.split("\n").filter(Boolean)) lines.push(JSON.parse(l) as LogLine);
      return true;
    }
    return write(chunk);
  });
}
