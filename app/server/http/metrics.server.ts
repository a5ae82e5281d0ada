import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Prometheus metrics at GET /metrics, off unless METRICS_TOKEN is set, then only with
 * `Authorization: Bearer <token>` (decision 076). Every label has a bounded set of values: routes
 * are React Router's patterns (or the few Express paths), never raw paths.
 */
export interface MetricsSources {
  pageCache?: { bytes: number; size: number };
  pool?: () => { total: number; idle: number; waiting: number };
  /** Renders of uncached public pages and the queue in front of them (decision 096). */
  renders?: () => { started: number; active: number; waiting: number };
  /** The job runner's counts by job name (a fixed set of names, registered in code). */
  jobs?: () => { name: string; runs: number; failures: number }[];
}

type RouteMatcher = (pathname: string) => string;

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header is `Bearer <token>`, in constant time and without telling the
 * token's length (decision 116): both sides are hashed to 32 bytes, so every header, whatever its
 * length, goes through the same timingSafeEqual.
 */
export function bearerTokenCheck(token: string): (header: string | undefined) => boolean {
  const expected = sha256(`Bearer ${token}`);
  return (header) => timingSafeEqual(sha256(header ?? ""), expected);
}

/** The Express paths outside React Router, by prefix or exactly. */
const EXPRESS_ROUTES: [RegExp, string][] = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\//, "/media/*"],
  [/^\/whatsapp\/[^/]+$/, "/whatsapp/:id"],
  [/^\/(healthz|metrics|whatsapp|favicon\.ico)$/, ""],
];

/** React Router's route table as full patterns: "/package/:id", "/admin/edit-local/:id". */
export function routeMatcher(routes: ServerBuild["routes"]): RouteMatcher {
  interface Node {
    id: string;
    path?: string;
    index?: boolean;
    children: Node[];
  }
  const nodes = new Map<string, Node>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      ...(route.path !== undefined ? { path: route.path } : {}),
      ...(route.index ? { index: true } : {}),
      children: [],
    });
  }
  const roots: Node[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const patternOf = new Map<string, string>();
  const walk = (node: Node, base: string) => {
    const own = node.path ? `${base.replace(/\/$/, "")}/${node.path}` : base;
    patternOf.set(node.id, own || "/");
    for (const child of node.children) walk(child, own);
  };
  for (const root of roots) walk(root, "");
  const tree = roots as unknown as RouteObject[];
  const labelOf = (pathname: string) => {
    for (const [test, label] of EXPRESS_ROUTES) if (test.test(pathname)) return label || pathname;
    const page = pathname.replace(/\.data$/, "") || "/";
    const last = matchRoutes(tree, page)?.at(-1);
    return last?.route.id ? (patternOf.get(last.route.id) ?? "unmatched") : "unmatched";
  };
  // matchRoutes flattens and ranks the whole route table on every call (about a millisecond for
  // ours): a path's label is worked out once (decision 167). Bounded, as paths are the client's.
  const known = new Map<string, string>();
  return (pathname) => {
    let label = known.get(pathname);
    if (label === undefined) {
      label = labelOf(pathname);
      if (known.size >= ROUTE_LABELS_KEPT) known.clear();
      known.set(pathname, label);
    }
    return label;
  };
}

/** Paths whose route label routeMatcher keeps. */
const ROUTE_LABELS_KEPT = 4096;

const isUpload = (req: IncomingMessage) =>
  req.method === "POST" && /^multipart\//i.test(req.headers["content-type"] ?? "");

export interface Metrics {
  /** First middleware: times every request and counts it by route pattern and status. */
  observe(req: Request, res: Response, next: NextFunction): void;
  /**
   * The same for a request answered outside Express (the page cache's fast path), which passes
   * its X-Page-Cache state (its headers are written at once, not kept on the response).
   */
  track(req: IncomingMessage, path: string, res: ServerResponse, cacheState?: string): void;
  /** Counts a cache hit answered by the fast path. */
  countFastHit(): void;
  /** Counts a hashed asset answered by the fast path (decision 114). */
  countFastAsset(): void;
  /** GET /metrics. */
  handler(req: Request, res: Response, next: NextFunction): Promise<void>;
}

export function createMetrics(
  token: string | undefined,
  sources: MetricsSources,
  routes: () => Promise<RouteMatcher>,
): Metrics {
  const registry = new client.Registry();
  // Process metrics (CPU, heap, GC, event loop) only when someone can read them: the GC series
  // alone observes every collection, which under load is a cost for nothing when /metrics is off.
  if (token) client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by route pattern and status",
    labelNames,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheResults = new client.Counter({
    name: "page_cache_requests_total",
    help: "Public page requests by page cache result (hit, miss, bypass, off)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  let rendersCounted = 0;
  new client.Counter({
    name: "page_renders_total",
    help: "Renders of cacheable public pages (one per page, shared by concurrent misses)",
    registers: [registry],
    collect() {
      const started = sources.renders?.().started ?? 0;
      if (started > rendersCounted) this.inc(started - rendersCounted);
      rendersCounted = started;
    },
  });
  new client.Gauge({
    name: "page_render_queue",
    help: "Renders of uncached public pages running (active) and waiting for a slot (waiting)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = sources.renders?.();
      if (!stats) return;
      this.set({ state: "active" }, stats.active);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  const fastHits = new client.Counter({
    name: "page_cache_fast_path_total",
    help: "Page cache hits answered before the middleware stack (decision 095)",
    registers: [registry],
  });
  const fastAssets = new client.Counter({
    name: "asset_fast_path_total",
    help: "Hashed build assets answered before the middleware stack (decision 114)",
    registers: [registry],
  });
  const uploads = new client.Gauge({
    name: "uploads_in_progress",
    help: "Multipart uploads being received",
    registers: [registry],
  });
  new client.Gauge({
    name: "page_cache_bytes",
    help: "Bytes held by the page cache",
    registers: [registry],
    collect() {
      this.set(sources.pageCache?.bytes ?? 0);
    },
  });
  new client.Gauge({
    name: "page_cache_pages",
    help: "Pages held by the page cache",
    registers: [registry],
    collect() {
      this.set(sources.pageCache?.size ?? 0);
    },
  });
  new client.Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by state (total, idle, waiting clients)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  // Counters kept by the runner, copied at each scrape (they only grow while the process lives).
  new client.Counter({
    name: "job_runs_total",
    help: "Job runner runs by job",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const job of sources.jobs?.() ?? []) this.inc({ job: job.name }, job.runs);
    },
  });
  new client.Counter({
    name: "job_failures_total",
    help: "Job runner runs that failed, by job",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const job of sources.jobs?.() ?? []) this.inc({ job: job.name }, job.failures);
    },
  });

  // Requests before the route table is read are labelled "starting" (a bounded value).
  let matcher: RouteMatcher | undefined;
  void routes().then(
    (m) => (matcher = m),
    () => undefined,
  );
  const expected = token ? bearerTokenCheck(token) : undefined;

  const track = (req: IncomingMessage, path: string, res: ServerResponse, cacheState?: string) => {
    if (!expected) return;
    const stop = duration.startTimer();
    const upload = isUpload(req);
    if (upload) uploads.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (upload) uploads.dec();
      const method = req.method ?? "OTHER";
      const labels = {
        method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].includes(method)
          ? method
          : "OTHER",
        route: matcher ? matcher(path) : "starting",
        status: String(res.statusCode),
      };
      stop(labels);
      requests.inc(labels);
      const cache = cacheState ?? res.getHeader("X-Page-Cache");
      if (typeof cache === "string" && ["hit", "miss", "bypass", "off"].includes(cache)) {
        cacheResults.inc({ result: cache });
      }
    };
    res.once("finish", finish);
    res.once("close", finish);
  };

  return {
    observe(req, res, next) {
      track(req, req.path, res);
      next();
    },
    track,
    countFastAsset() {
      if (expected) fastAssets.inc();
    },
    countFastHit() {
      if (expected) fastHits.inc();
    },
    async handler(req, res, next) {
      if (!expected) return next(); // off: /metrics is like any unknown page
      if (!expected(req.get("authorization"))) {
        res.status(401).set("WWW-Authenticate", "Bearer").set("Cache-Control", "no-store");
        res.type("text/plain").send("Unauthorized\n");
        return;
      }
      res.set("Content-Type", registry.contentType).set("Cache-Control", "no-store");
      res.send(await registry.metrics());
    },
  };
}
