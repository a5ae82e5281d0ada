import { afterAll, vi } from "vitest";

/*
 * Each test file starts as if in a process of its own (decision 163). Workers run file after file
 * (`isolate: false`: no new process and module cache per file), so what one file left behind is
 * undone here, before every file:
 *
 * - the environment is put back as the worker had it before its first file, whether a file
 *   stubbed it (`vi.stubEnv`, at the top level too) or wrote `process.env` itself. This runs at the
 *   start of the next file, not in the previous file's `afterAll`, which Vitest skips for a file
 *   that failed to load or whose tests were all skipped;
 * - stubbed globals and fake timers are undone;
 * - the app's modules are evaluated afresh, so their module state (the media URL base, cached keys
 *   and secrets, the log target, a cached dummy hash) and each file's `vi.mock` start clean.
 *
 * Vitest itself restores spies and mocks after each file. VITEST_* variables are Vitest's own and
 * left as it sets them.
 */
const BASELINE = Symbol.for("wanderlux.tests.environment");
const worker = globalThis as { [BASELINE]?: Record<string, string | undefined> };
const baseline = (worker[BASELINE] ??= { ...process.env });

function restoreEnvironment(): void {
  vi.unstubAllEnvs();
  for (const key of Object.keys(process.env)) {
    if (!(key in baseline) && !key.startsWith("VITEST")) delete process.env[key];
  }
  for (const [key, value] of Object.entries(baseline)) {
    if (key.startsWith("VITEST") || process.env[key] === value) continue;
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

restoreEnvironment();
vi.unstubAllGlobals();
vi.useRealTimers();
vi.resetModules();

// The last file of a worker leaves nothing behind either (a worker may outlive the run's files).
afterAll(restoreEnvironment);
