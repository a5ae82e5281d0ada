/*
 * Bounded rendering of uncached public pages (decision 096). At most `concurrency`
 * renders run at once; up to `depth` more wait their turn in arrival order. Past that the caller
 * is told at once (QueueFullError) and answers 503 with Retry-After, so a storm of uncached
 * requests can neither exhaust memory nor starve the cache hits answered in front of it.
 */

export const DEFAULT_RENDER_CONCURRENCY = 4;
export const DEFAULT_RENDER_QUEUE_DEPTH = 256;

export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor(readonly depth: number) {
    super(`render queue full (${depth} waiting)`);
  }
}

export class RenderQueue {
  readonly concurrency: number;
  readonly depth: number;
  #active = 0;
  #waiting: (() => void)[] = [];

  constructor(options: { concurrency?: number; depth?: number } = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_RENDER_CONCURRENCY);
    this.depth = Math.max(0, options.depth ?? DEFAULT_RENDER_QUEUE_DEPTH);
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Whether a new task would be refused now. */
  get full(): boolean {
    return this.#active >= this.concurrency && this.#waiting.length >= this.depth;
  }

  /** Runs `task` when a slot is free; throws QueueFullError at once when none is and none will be. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.concurrency) {
      if (this.#waiting.length >= this.depth) throw new QueueFullError(this.depth);
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#active++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.#active--;
    }
  }
}
