import { log } from "../platform/log.server";

/*
 * Request handlers still at work, including those whose client is gone. A client that closes its
 * connection (or whose body ends short, which Node answers with a bare 400 at once) leaves the
 * action running: it may be storing uploads, writing a package, or releasing what it stored.
 * `server.close()` only waits for open connections, so a stop used to close the database under
 * such an action: a save cut in half (media stored and recorded, the package never written, the
 * release failing on the closed pool). The runtime's close() waits for these first.
 */

const running = new Set<Promise<unknown>>();

/** How long a stop waits for handlers whose clients are gone, within the 10 s shutdown grace. */
export const REQUEST_WORK_DRAIN_MS = 8_000;

/** Registers a handler's work until it settles; answers the same promise. */
export function trackRequestWork<T>(work: Promise<T>): Promise<T> {
  const entry: Promise<unknown> = work
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => running.delete(entry));
  running.add(entry);
  return work;
}

/** How many handlers are at work now. */
export function requestWorkInProgress(): number {
  return running.size;
}

/**
 * Resolves when no handler is at work (true), or after `timeoutMs` with some still running
 * (false, logged). Work registered while waiting is waited for too.
 */
export async function requestWorkSettled(timeoutMs = REQUEST_WORK_DRAIN_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    while (running.size > 0) {
      const done = await Promise.race([Promise.all(running).then(() => true), timedOut]);
      if (!done) {
        log("warn", "stopping with requests still at work", { requests: running.size });
        return false;
      }
    }
    return true;
  } finally {
    clearTimeout(timer);
  }
}
