import { afterAll, vi } from "vitest";

/*
 * Each test file starts as if in a process of its own (decision 163). Workers run file after file
 * (`isolate: false`: no new process and module cache per file), so what one file leaves behind is
 * undone here, for every file:
 *
 * - the app's modules are evaluated afresh for each file, so their module state (the media URL
 *   base, cached keys and secrets, the log target, a cached dummy hash) and each file's `vi.mock`
 *   start clean, as they did in a process of their own;
 * - the environment is put back as it was before the file ran, whether a file stubbed it
 *   (`vi.stubEnv`, at the top level too) or wrote `process.env` itself;
 * - stubbed globals, spies and fake timers are undone.
 */
vi.resetModules();

const envBefore = { ...process.env };

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const key of Object.keys(process.env)) {
    if (!(key in envBefore)) delete process.env[key];
  }
  for (const [key, value] of Object.entries(envBefore)) {
    if (process.env[key] !== value) process.env[key] = value;
  }
});
