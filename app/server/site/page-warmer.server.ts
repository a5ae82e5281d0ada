import type { RequestHandler, RouterContextProvider } from "react-router";
import { localizedPath, type Language } from "~/domain/i18n/languages";
import { log } from "../platform/log.server";
import { requestInfoContext } from "../platform/request-context.server";
import type { PageCache, PageFiller } from "./page-cache.server";
import { NONCE_PLACEHOLDER } from "./page-encoding.server";

/*
 * Re-warming after writes. Every content write empties the page cache; without this the
 * next visitors of each page would all wait for its render. After a clear the warmer renders again,
 * in the background and one page at a time, the pages that were in the cache (most recently used
 * first, at most `limit`; the edited package's detail page is among them when anyone had opened it)
 * and, for every host they were served on, the home page and the list pages. A burst of writes is
 * one pass: the pass starts `delayMs` after the last clear, and a clear during a pass puts that
 * pass's pages back in line. Renders are shared with visitors (PageFiller: one render per page at a
 * time) and yield to them: when visitors are waiting in the render queue, the rest of the pass is
 * dropped and those pages are rendered on demand.
 */

export const WARM_LIMIT = 48;
export const WARM_DELAY_MS = 100;
/** Rendered for every host seen, visited or not: what a write most often changes. */
export const ALWAYS_WARM = [
  "/",
  "/upcoming-trips",
  "/exclusive-trips",
  "/local-trips",
  "/hidden-gems",
  "/discover",
];

/** ALWAYS_WARM in each language the site shows ("/", "/de", "/upcoming-trips", "/de/upcoming-trips"…). */
export function alwaysWarmPaths(languages: readonly Language[]): string[] {
  return languages.flatMap((lang) =>
    ALWAYS_WARM.map((path) => localizedPath(path, lang, languages)),
  );
}

export interface PageWarmerOptions {
  cache: PageCache;
  filler: PageFiller;
  /** Renders an anonymous GET of this absolute URL with NONCE_PLACEHOLDER as its nonce. */
  render(url: string): Promise<Response>;
  limit?: number;
  delayMs?: number;
  /** The paths warmed for every host; default ALWAYS_WARM (the app adds each language's). */
  alwaysWarm?: readonly string[];
}

export class PageWarmer {
  readonly #options: PageWarmerOptions;
  /** key → absolute URL, in the order they are rendered. */
  #targets = new Map<string, string>();
  #pass = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #stop: () => void;
  #warmed = 0;

  constructor(options: PageWarmerOptions) {
    this.#options = options;
    this.#stop = options.cache.onClear((dropped) => this.#collect(dropped));
  }

  /** Pages stored by the warmer so far (tests). */
  get warmed(): number {
    return this.#warmed;
  }

  #collect(dropped: [string, { origin?: string }][]): void {
    if (this.#closed) return;
    const limit = this.#options.limit ?? WARM_LIMIT;
    const next = new Map<string, string>();
    const origins = new Map<string, string>();
    // This pass's pages were rendered for the old content: they are rendered again.
    for (const [key, url] of [...this.#pass, ...this.#targets]) next.set(key, url);
    for (const [key, page] of dropped) {
      const space = key.indexOf(" ");
      if (!page.origin || space < 0) continue;
      origins.set(key.slice(0, space), page.origin);
      if (next.size < limit) next.set(key, page.origin + key.slice(space + 1));
    }
    for (const [host, origin] of origins)
      for (const path of this.#options.alwaysWarm ?? ALWAYS_WARM)
        next.set(`${host} ${path}`, origin + path);
    this.#targets = next;
    if (!next.size) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#start(), this.#options.delayMs ?? WARM_DELAY_MS);
    this.#timer.unref();
  }

  #start(): void {
    this.#timer = undefined;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
      this.#pass.clear();
      if (this.#again && !this.#closed) {
        this.#again = false;
        this.#start();
      }
    });
  }

  async #run(): Promise<void> {
    const { cache, filler } = this.#options;
    while (this.#targets.size && !this.#closed) {
      const [key, url] = this.#targets.entries().next().value!;
      this.#targets.delete(key);
      if (cache.has(key)) continue;
      // Visitors waiting for renders go first; what is left is rendered when asked for.
      if (filler.queue.waiting > 0) {
        this.#targets.clear();
        return;
      }
      this.#pass.set(key, url);
      const generation = cache.generation;
      try {
        await filler.fill(`${generation} ${key}`, () => this.#options.render(url), {
          forCache: true,
          origin: new URL(url).origin,
          store: (page) => {
            if (cache.set(key, page, generation)) this.#warmed++;
          },
        });
      } catch (error) {
        if (!this.#closed) log("warn", "page warmer: render failed", { url, error: String(error) });
      }
    }
  }

  /** Resolves when no pass is due or running (tests). */
  async idle(): Promise<void> {
    for (let i = 0; i < 1000 && (this.#timer || this.#running); i++) {
      await (this.#running ?? new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }

  /**
   * Stops listening and drops what is left; resolves once a render in progress has finished, so
   * that the database it reads can be closed after it (a shutdown awaits this).
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stop();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#targets.clear();
    await this.#running;
  }
}

/**
 * An anonymous GET of `url` through React Router, rendered with the nonce placeholder.
 * `handle` is React Router's handler (routerRequestHandler, passed in by server/app.ts);
 * `newContext` makes the router context a request gets (the server's: the app's services).
 */
export function anonymousUrlRenderer(
  handle: RequestHandler,
  newContext: () => RouterContextProvider,
): (url: string) => Promise<Response> {
  return (url) => {
    const context = newContext();
    context.set(requestInfoContext, { cspNonce: NONCE_PLACEHOLDER, clientIp: "127.0.0.1" });
    return handle(new Request(url, { method: "GET", headers: { accept: "*/*" } }), context);
  };
}
