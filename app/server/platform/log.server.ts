import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/*
 * Structured logs through pino: one JSON object per line on stdout (easy to grep locally, to ship
 * from a container). Every line written while a request is handled carries its `reqId` (the same
 * id the access log line has and the X-Request-Id response header shows), via AsyncLocalStorage.
 */

type Level = "debug" | "info" | "warn" | "error";
export type LogLevel = Level | "silent";

const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** Where lines go: stdout, or a test's capture (`captureLogs`). */
let target: { write(line: string): unknown } = process.stdout;

export const logger: Logger = pino(
  {
    level: "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A child logger bound to the request (pino-http's) already writes reqId: not twice.
    mixin: (_object, _level, instance) => {
      const scope = requestScope.getStore();
      return scope && !("reqId" in instance.bindings()) ? { reqId: scope.reqId } : {};
    },
  },
  { write: (line: string) => void target.write(line) },
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  logger[level](fields, msg);
}

/** Runs `work` (a request's handling) so that every line it logs carries `reqId`. */
export function withRequestId<T>(reqId: string, work: () => T): T {
  return requestScope.run({ reqId }, work);
}

export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.reqId;
}

/** Tests: collects the lines logged until `stop()` (restoring stdout), parsed and as written. */
export function captureLogs(): {
  lines: Record<string, unknown>[];
  raw: string[];
  stop(): void;
} {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const previous = target;
  target = {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return {
    lines,
    raw,
    stop() {
      target = previous;
    },
  };
}
