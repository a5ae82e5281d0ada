export { runAdminCli } from "~/server/auth/admin-cli.server";
export { runBackupCli, runRestoreCli } from "~/server/backup/backup-cli.server";
export { buildPgliteTemplate } from "~/server/platform/pglite-template.server";
// The first start's seeding worker imports this bundle and calls this (decision 167).
export { runDemoSeedWorker } from "~/server/http/seed-worker.server";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { hasLivePrivateCookie } from "~/server/auth/personal-request.server";
import { accessLog } from "~/server/http/access-log.server";
import { bodyGuard } from "~/server/http/body-guard.server";
import { stripeWebhookHandler } from "~/server/http/stripe-webhook.server";
import { checkoutOrigins } from "~/server/payments/stripe.server";
import { whatsappRedirect } from "~/server/leads/whatsapp-route.server";
import { EnvError, envWarnings, parseEnv, siteHosts, type Env } from "~/server/platform/env.server";
import { DataDirLockedError } from "~/server/platform/data-dir-lock.server";
import { pingDatabase } from "~/server/platform/db.server";
import { log } from "~/server/platform/log.server";
import { createMetrics, routeMatcher } from "~/server/http/metrics.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { ogImageRoute } from "~/server/site/og-image.server";
import { requestInfoContext } from "~/server/platform/request-context.server";
import { readForwardedPerHop } from "~/server/platform/request-url.server";
import { contextWithServices, servicesOf } from "~/server/http/services-context.server";
import { withRequestOrigin } from "~/server/events/request-origin.server";
import { hostGuard } from "~/server/http/host-guard.server";
import { lingeringClose } from "~/server/http/lingering-close.server";
import { createRequestHandler } from "~/server/http/request-handler.server";
import { routerRequestHandler } from "~/server/http/router-handler.server";
import { startRuntime, type Runtime } from "~/server/http/runtime.server";
import { adminSignInHint } from "~/server/http/start-banner.server";
import { databaseFailureMessage, listenFailureMessage } from "~/server/http/startup-errors.server";
import { TotpSealError } from "~/server/auth/totp-seal.server";
import { startingHandler } from "~/server/http/starting.server";
import {
  existingPathsOnly,
  isCompressibleResponse,
  precompressedStatic,
} from "~/server/http/static-assets.server";
import { privateWhenPersonal } from "~/server/http/http-caching.server";
import {
  anonymousRenderer,
  clearAtDayChange,
  PageCache,
  PageFiller,
  pageCacheMiddleware,
} from "~/server/site/page-cache.server";
import {
  alwaysWarmPaths,
  anonymousUrlRenderer,
  PageWarmer,
} from "~/server/site/page-warmer.server";
import { RenderQueue } from "~/server/site/render-queue.server";
import {
  mediaOriginOf,
  refuseCrossSiteWrites,
  securityHeaderList,
  securityHeaders,
} from "~/server/http/security-headers.server";
import { pageCacheFastPath } from "~/server/http/page-cache-fast-path.server";
import { hitResponder } from "~/server/site/page-cache-hits.server";
import { assetResponder, loadImmutableAssets } from "~/server/http/asset-fast-path.server";

export interface StartOptions {
  /** Vite dev server middleware (development only). */
  devMiddleware?: express.RequestHandler;
  /** Where the built client assets are (production). */
  clientDir?: string;
  build?: () => Promise<ServerBuild>;
  /** This bundle's own file URL (production): the first start's seeding worker imports it. */
  serverModule?: string;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** The React Router build bundled with this server (tests walk its route table). */
export function loadServerBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build") as Promise<ServerBuild>;
}

/** The request handler: the page cache's fast path in front of the Express app. */
export function createApp(runtime: Runtime, options: StartOptions): http.RequestListener {
  const app = express();
  app.disable("x-powered-by");
  const build = options.build ?? loadServerBuild;
  // Anonymous public pages from memory (decision 041); off under the Vite dev server.
  // Only the site's own host names are cached and warmed (decision 113).
  const pageCache = new PageCache(runtime.env.PAGE_CACHE_MAX_BYTES, siteHosts(runtime.env));
  // Uncached pages: one render per page at a time, a bounded queue (decision 096), and the pages a
  // write dropped rendered again in the background.
  const filler = new PageFiller({
    queue: new RenderQueue({ depth: runtime.env.RENDER_QUEUE_DEPTH }),
  });
  if (!options.devMiddleware) {
    const warmer = new PageWarmer({
      cache: pageCache,
      filler,
      // Every language's home and lists: the key is the path, so /de is its own entry (128).
      alwaysWarm: alwaysWarmPaths(runtime.env.SITE_LANGUAGES),
      render: anonymousUrlRenderer(routerRequestHandler(build, runtime.env.NODE_ENV), () =>
        contextWithServices(servicesOf(runtime)),
      ),
    });
    runtime.onClose(() => warmer.close());
  }
  // Prometheus metrics (decision 076): off unless METRICS_TOKEN is set.
  const metrics = createMetrics(
    runtime.env.METRICS_TOKEN,
    {
      pageCache,
      pool: () => runtime.database.poolStats(),
      jobs: () => runtime.jobs.stats(),
      renders: () => ({
        started: filler.renders,
        active: filler.queue.active,
        waiting: filler.queue.waiting,
      }),
    },
    async () => routeMatcher((await build()).routes),
  );
  const headerOptions = {
    mediaOrigin: mediaOriginOf(runtime.media.publicBase),
    development: runtime.env.NODE_ENV === "development",
    // Book and pay redirects its form to Stripe Checkout (decision 133).
    formActionOrigins: checkoutOrigins(runtime.env),
  };
  app.use(metrics.observe);
  app.use(accessLog());
  // A hop count, never `true`: with `true` a client's own X-Forwarded-For chooses its address.
  if (runtime.env.TRUST_PROXY > 0) app.set("trust proxy", runtime.env.TRUST_PROXY);
  // The scheme and host from the same hop as the address, not the left-most value (decision 116).
  readForwardedPerHop(app);
  app.use(securityHeaders(headerOptions));
  app.use(refuseCrossSiteWrites);
  // Stripe's webhook reads its raw JSON body, which the body guard refuses on any other path.
  const stripeWebhook = stripeWebhookHandler(runtime.env, () => runtime.database.db);
  if (stripeWebhook) app.use(stripeWebhook);
  app.use(bodyGuard);
  // Dynamic responses only: hashed assets are precompressed at build time, media never compressed.
  app.use(
    compression({
      filter: (req, res) => isCompressibleResponse(res) && compression.filter(req, res),
    }),
  );

  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  app.get("/metrics", metrics.handler);

  app.get("/healthz", async (_req, res) => {
    const ok = await pingDatabase(runtime.database.db);
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "unavailable" });
  });

  // Book Now clicks: counted, then 302 to the chat; in front of the page cache.
  app.get(
    ["/whatsapp", "/whatsapp/:id"],
    whatsappRedirect(() => ({ db: runtime.database.db, site: runtime.site })),
  );

  // Open Graph pictures cropped around the focal point (decision 103); binary, so
  // in front of the page cache.
  app.get(
    "/og/:scope/:id/:file",
    ogImageRoute(() => ({ db: runtime.database.db, media: runtime.media })),
  );

  if (runtime.media instanceof LocalMediaStore) {
    // Keys are unique per upload, so media never changes under its URL: cache for a year.
    app.use(
      "/media",
      express.static(runtime.media.root, {
        immutable: true,
        maxAge: "1y",
        index: false,
        dotfiles: "deny",
        fallthrough: false,
      }),
    );
  }

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    const assetsDir = path.join(options.clientDir, "assets");
    app.use("/assets", precompressedStatic(assetsDir, { maxAge: "1y", immutable: true }));
    app.use(precompressedStatic(options.clientDir, { maxAge: "1h" }));
    app.use(
      "/assets",
      express.static(assetsDir, {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    app.use(
      existingPathsOnly(
        options.clientDir,
        express.static(options.clientDir, { maxAge: "1h", index: false }),
      ),
    );
  }

  // Every loader and action gets the runtime's services from here (servicesFrom(context)).
  const getLoadContext = (req: express.Request, res: express.Response) => {
    const context = contextWithServices(servicesOf(runtime));
    context.set(requestInfoContext, {
      cspNonce: res.locals.cspNonce ?? "",
      clientIp: req.ip ?? "unknown",
    });
    return context;
  };
  app.use(privateWhenPersonal);
  pageCache.follow(runtime.database.changes);
  clearAtDayChange(pageCache, runtime.site.timeZone);
  // One responder answers every hit, in the fast path or (for the few it leaves) the middleware.
  const security = securityHeaderList(headerOptions);
  const answerHit = hitResponder(security);
  app.use(
    pageCacheMiddleware({
      answerHit,
      cache: options.devMiddleware ? undefined : pageCache,
      filler,
      render: anonymousRenderer(routerRequestHandler(build, runtime.env.NODE_ENV), getLoadContext),
      // Only a live session or a signed flash skips the cache; made-up cookies do not.
      isPersonal: (cookies) => hasLivePrivateCookie(runtime.database.db, cookies),
    }),
  );
  app.use(
    withRequestOrigin,
    createRequestHandler({ build, mode: runtime.env.NODE_ENV, getLoadContext }),
  );
  // A missing or malformed host is a 400 before anything reads it, and a body left unread by an
  // answer is read into nothing, bounded, before the connection closes (decision 116).
  const guarded = (next: http.RequestListener) =>
    lingeringClose(hostGuard(runtime.env.TRUST_PROXY, next));
  if (options.devMiddleware || !runtime.env.PAGE_CACHE_FAST_PATH) return guarded(app);
  // Cache hits answered before Express, exactly as the app would (decisions 095 and 109).
  const fastPath = pageCacheFastPath({
    cache: pageCache,
    answerHit,
    proxyHops: runtime.env.TRUST_PROXY,
    metrics,
    // Hashed assets from memory, before Express, like cache hits (decision 114).
    ...(options.clientDir
      ? {
          assets: assetResponder({
            assets: loadImmutableAssets(path.join(options.clientDir, "assets"), "/assets"),
            security,
            metrics,
          }),
        }
      : {}),
  });
  return guarded((req, res) => fastPath(req, res, () => app(req, res)));
}

/** Starts the runtime and an HTTP server on it; tests use this with port 0. */
export async function startApp(
  envSource: Record<string, string | undefined>,
  options: StartOptions = {},
): Promise<{ server: http.Server; url: string; runtime: Runtime; close(): Promise<void> }> {
  const runtime = await startRuntime(parseEnv(envSource), { serverModule: options.serverModule });
  for (const warning of envWarnings(envSource)) log("warn", warning);
  const server = http.createServer(createApp(runtime, options));
  await new Promise<void>((resolve) => server.listen(runtime.env.PORT, runtime.env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : runtime.env.PORT;
  return {
    server,
    runtime,
    url: `http://${runtime.env.HOST}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}

/** Starts everything; on SIGTERM/SIGINT drains requests and closes the database within 10 s. */
export async function startServer(options: StartOptions = {}): Promise<http.Server> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of envWarnings()) log("warn", warning);
  // Signals are ours from here on, whether once or twice (Ctrl-C reaches every process of the
  // group, and cross-env forwards it again): a second SIGINT must not take Node's default (an
  // immediate exit that leaves the embedded database open and DATA_DIR/.lock behind). A signal
  // during the start is kept and acted on once the database is open, so it is closed properly.
  const stopper: { stop?: (signal: string) => void } = {};
  let stopAsked: string | undefined;
  const onSignal = (signal: string) => {
    if (stopper.stop) stopper.stop(signal);
    else if (stopAsked === undefined) {
      stopAsked = signal;
      log("info", "stop requested while starting; stopping once the database is open", { signal });
    }
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  // Listen at once: while migrations and the first start's seeding run, every request gets a
  // 503 (/healthz: {"status":"starting"}) instead of a refused connection.
  const server = http.createServer(startingHandler);
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(env.PORT, env.HOST, () => resolve());
    });
  } catch (error) {
    const message = listenFailureMessage(error, env);
    if (!message) throw error;
    console.error(message);
    process.exit(1);
  }
  const startedMs = Date.now();
  const startingHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const startingPort = (server.address() as { port: number } | null)?.port ?? env.PORT;
  // The URL at once: a first start (database creation, demo content) takes a while.
  console.log(
    `\n  Starting: http://${startingHost}:${startingPort}/ (answers "Starting up" until the database is ready)\n`,
  );
  let runtime: Runtime;
  try {
    runtime = await startRuntime(env, { serverModule: options.serverModule });
  } catch (error) {
    const message =
      error instanceof DataDirLockedError
        ? error.message
        : error instanceof TotpSealError
          ? `SESSION_SECRET: ${error.message}.`
          : databaseFailureMessage(error, env);
    if (!message) throw error;
    console.error(message);
    process.exit(1);
  }
  const app = createApp(runtime, options);
  server.removeListener("request", startingHandler);
  server.on("request", app);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : runtime.env.PORT;
  const shownHost =
    runtime.env.HOST === "0.0.0.0" || runtime.env.HOST === "::" ? "localhost" : runtime.env.HOST;
  log("info", "server listening", {
    url: `http://${shownHost}:${port}`,
    database: runtime.database.kind,
    media: runtime.media.driver,
  });
  const hint = await adminSignInHint(runtime.database.db, runtime.env, startedMs).catch(() => "");
  console.log(
    `\n  Site:  http://${shownHost}:${port}/\n  Admin: http://${shownHost}:${port}/admin ${hint}\n`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      log("info", "already shutting down", { signal });
      return;
    }
    stopping = true;
    log("info", "shutting down", { signal });
    const force = setTimeout(() => {
      log("error", "shutdown timed out; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      try {
        await runtime.close();
        log("info", "shutdown complete");
        process.exit(0);
      } catch (error) {
        log("error", "error while closing", { error: String(error) });
        process.exit(1);
      }
    });
    // Idle keep-alive sockets would hold server.close() open; busy ones finish their request.
    server.closeIdleConnections();
  };
  stopper.stop = shutdown;
  if (stopAsked !== undefined) shutdown(stopAsked);
  return server;
}
