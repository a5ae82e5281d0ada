import type { PGliteOptions } from "@electric-sql/pglite";

/**
 * PostgreSQL settings for the embedded database (decision 088). PGlite starts PostgreSQL with the
 * server defaults, sized for a machine of its own: 128 MB of shared buffers inside the WASM heap
 * (which never shrinks), 64 MB of maintenance memory. The demo catalogue and a travel company's
 * catalogue fit in a few MB, so a small buffer pool serves every page from memory while the
 * process stays inside a 1 GB machine.
 */
export const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
  maintenance_work_mem: "16MB",
  work_mem: "2MB",
  temp_buffers: "2MB",
};

/**
 * PGlite's own start parameters (single-user mode, no parallel workers, ...) plus our settings.
 * `startParams` replaces PGlite's defaults rather than adding to them, hence the spread. The
 * first start's initdb (a second PostgreSQL inside the process) gets them too (`initdb -c`, which
 * also writes them to postgresql.conf): with the defaults it alone peaks about 60 MB higher.
 */
export function pgliteOptions(defaultStartParams: readonly string[]): PGliteOptions {
  const settings = Object.entries(EMBEDDED_POSTGRES_SETTINGS).flatMap(([name, value]) => [
    "-c",
    `${name}=${value}`,
  ]);
  return { startParams: [...defaultStartParams, ...settings], initDbStartParams: settings };
}
