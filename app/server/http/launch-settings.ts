// How production starts Node (decision 088), in one place: `npm start` (package.json), the Docker
// image (Dockerfile) and `npm run bench` use these, and tests/unit/launch-settings.test.ts fails
// when one of them drifts. Plain constants with no imports, so scripts can load this file as is.

/**
 * V8 flags for the server process. `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline
 * compiler: the optimizing tier spends about 600 MB and 10 s of CPU compiling PostgreSQL's SQL
 * parser (one 100 KB function) after each start, which alone would exceed a 1 GB machine.
 * `--max-semi-space-size=1` caps the young generation at 1 MB per semi-space (the default grows
 * to 16 MB): each 64 KB chunk a socket reads is an ArrayBuffer whose memory comes back only when
 * a scavenge finds it dead, and a large young generation let a 60 MB upload pile up to +64 MB of
 * read chunks before the first one (decision 129).
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = [
  "--liftoff-only",
  "--max-semi-space-size=1",
];

/**
 * glibc malloc settings, read once when the process starts. Two arenas instead of eight per core
 * for libvips' and libuv's threads, and every allocation of 128 KB or more in its own mapping
 * (returned to the system when freed) instead of the default threshold that grows to 32 MB: the
 * first start's initdb and the demo images otherwise leave 100+ MB of freed but resident heap.
 */
export const PRODUCTION_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};

/**
 * The environment the bench, the memory bench and the stress run start a production server with
 * on loopback: the malloc settings above, the demo catalogue, errors-only logs, then `extra`.
 */
export function benchServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): Record<string, string | undefined> {
  return {
    ...process.env,
    ...PRODUCTION_MALLOC_ENV,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "error",
    ...extra,
  };
}
