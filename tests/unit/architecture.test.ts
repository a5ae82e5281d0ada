// The layer rules of docs/architecture.md, checked on the import graph of app/ and server/.
// Each KNOWN_* list is today's debt: it may only shrink. A new arrow that breaks a rule fails, and
// so does a listed one that has gone (remove it from the list, so it cannot come back unnoticed).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { tempDirs } from "../support/files";
import {
  buildImportGraph,
  importCycles,
  layerViolations,
  parse,
  requestPassing,
  sourceFiles,
  type ImportGraph,
} from "../support/import-graph";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DOC = "see docs/architecture.md";

/**
 * The app/server folders, ground first: a folder may import its own files and folders on lower
 * rows only (not a sibling on its own row). Mirrors the list in docs/architecture.md.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["platform"],
  ["events"],
  ["mail", "media"],
  ["auth"],
  ["catalogue"],
  ["leads", "site"],
  ["bookings"],
  ["payments"],
  ["api"],
  ["http", "backup"],
];

/**
 * Imports between app/server folders that break the order, as "from -> to" (file level, so a new
 * file importing upward still fails). None today, since the HTTP edge moved from platform to http;
 * keep it empty: pass the value in from above, or move the code to the right folder.
 */
const KNOWN_UPWARD: readonly string[] = [];

/**
 * Import cycles between files today (type-only imports count: they still tie the files together).
 * Each is the whole strongly connected component, sorted. Break one: move what the files share
 * into a new file they both import; then delete its entry.
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

/**
 * Route modules that hand the loader/action's `request` or `args` to a service in app/server, as
 * "route file: function". Only the HTTP edge (app/server/http: cookies, the signed-in admin, the
 * origin, flash redirects) and a route's own `./<route>.server.ts` may take them. None today; keep
 * it empty: read what the service needs in the route (session cookie, origin, form fields, params;
 * for a streamed upload, `{ headers: request.headers, body: request.body }`) and pass plain values,
 * or move a helper that truly needs the Request to app/server/http.
 */
const KNOWN_REQUEST_PASSING: readonly string[] = [];

/**
 * Components importing app/server today: all type-only (view types of admin screens). Fix one:
 * move the type to app/domain (as ~/domain/site-views did for the site); then delete its line.
 */
const KNOWN_COMPONENT_SERVER_IMPORTS: readonly string[] = [
  "app/components/admin/history/history-list.tsx -> app/server/catalogue/history.server.ts",
  "app/components/admin/history/recently-deleted.tsx -> app/server/catalogue/deleted-packages.server.ts",
  "app/components/admin/history/recently-deleted.tsx -> app/server/catalogue/history-screens.server.ts",
  "app/components/admin/history/version-view.tsx -> app/server/catalogue/history.server.ts",
  "app/components/admin/history/version-view.tsx -> app/server/catalogue/history-screens.server.ts",
  "app/components/admin/insights-screen.tsx -> app/server/leads/insights.server.ts",
  "app/components/admin/package-card.tsx -> app/server/catalogue/admin-lists.server.ts",
  "app/components/admin/package-list.tsx -> app/server/catalogue/admin-lists.server.ts",
];

/** Entries of `known` that `found` no longer has, as messages naming the list to edit. */
function staleEntries(list: string, known: readonly string[], found: Set<string>): string[] {
  const seen = new Set<string>();
  const stale: string[] = [];
  for (const entry of known) {
    if (seen.has(entry)) stale.push(`${list} lists "${entry}" twice: remove one.`);
    else if (!found.has(entry)) {
      stale.push(
        `${list} lists "${entry}", which no longer happens (fixed, moved or renamed): ` +
          `remove it from ${list}. The list only shrinks.`,
      );
    }
    seen.add(entry);
  }
  return stale;
}

const typeNote = (typeOnly: boolean) => (typeOnly ? " (type-only, which counts too)" : "");

/** app/server folders import only lower layers, beyond the KNOWN_UPWARD arrows. */
function layerProblems(graph: ImportGraph, known: readonly string[]): string[] {
  const allowed = new Set(known);
  const found = new Set<string>();
  const problems: string[] = [];
  for (const v of layerViolations(graph, LAYERS)) {
    const arrow = `${v.from} -> ${v.to}`;
    found.add(arrow);
    if (allowed.has(arrow)) continue;
    const what = `${v.from} imports ${v.to} (line ${v.line})${typeNote(v.typeOnly)}`;
    const why =
      v.kind === "unplaced"
        ? `app/server/${v.unplaced} is in no layer: add it to LAYERS in ` +
          `tests/unit/architecture.test.ts and to the layer list in docs/architecture.md`
        : v.kind === "sibling"
          ? `${v.fromFolder} and ${v.toFolder} share a layer and may not import each other: move ` +
            `what both need down a layer (or to app/domain if it is pure), or move the importer up`
          : `${v.fromFolder} is below ${v.toFolder}: pass the value in from above, or move the ` +
            `code so the import points down (the importer up, or what it needs down or to ` +
            `app/domain)`;
    problems.push(`${what}: ${why}; ${DOC}.`);
  }
  return [...problems, ...staleEntries("KNOWN_UPWARD", known, found)];
}

/** No file-level import cycle beyond KNOWN_CYCLES. */
function cycleProblems(graph: ImportGraph, known: readonly (readonly string[])[]): string[] {
  const key = (files: readonly string[]) => [...files].sort().join(" + ");
  const allowed = new Set(known.map(key));
  const found = new Set<string>();
  const problems: string[] = [];
  for (const cycle of importCycles(graph)) {
    found.add(key(cycle));
    if (allowed.has(key(cycle))) continue;
    const arrows = graph.edges
      .filter((edge) => cycle.includes(edge.from) && cycle.includes(edge.to))
      .map(
        (edge) => `${edge.from} -> ${edge.to} (line ${edge.line}${edge.typeOnly ? ", type" : ""})`,
      );
    problems.push(
      `Import cycle among ${cycle.length} files: ${arrows.join("; ")}. Break it: move what they ` +
        `share into a new file both import, or merge them (type-only imports count). Do not add ` +
        `it to KNOWN_CYCLES; if it is a listed cycle that a file joined, undo that import; ${DOC}.`,
    );
  }
  return [...problems, ...staleEntries("KNOWN_CYCLES", known.map(key), found)];
}

/** Routes pass plain values, not `request`/`args`, to app/server (beyond KNOWN_REQUEST_PASSING). */
function requestProblems(root: string, graph: ImportGraph, known: readonly string[]): string[] {
  const allowed = new Set(known);
  const found = new Set<string>();
  const problems: string[] = [];
  for (const call of requestPassing(root, graph)) {
    const entry = `${call.file}: ${call.callee}`;
    found.add(entry);
    if (allowed.has(entry)) continue;
    problems.push(
      `${call.file} line ${call.line} calls ${call.callee} with ${call.argument}: routes ` +
        `read the request themselves (params, form fields, cookies, origin) and pass plain ` +
        `values to app/server; ${DOC}.`,
    );
  }
  return [...problems, ...staleEntries("KNOWN_REQUEST_PASSING", known, found)];
}

/**
 * What app/domain, app/components and app/server may import outside their own area (components
 * importing app/server: beyond KNOWN_COMPONENT_SERVER_IMPORTS).
 */
function areaProblems(graph: ImportGraph, knownComponentImports: readonly string[]): string[] {
  const allowed = new Set(knownComponentImports);
  const found = new Set<string>();
  const problems: string[] = [];
  for (const edge of graph.edges) {
    const arrow = `${edge.from} -> ${edge.to}`;
    const where = `${edge.from} imports ${edge.to} (line ${edge.line})${typeNote(edge.typeOnly)}`;
    if (edge.from.startsWith("app/domain/") && !edge.to.startsWith("app/domain/")) {
      problems.push(
        `${where}: app/domain runs in the browser and on the server and imports only app/domain; ` +
          `pass the value in, or move this code out of app/domain; ${DOC}.`,
      );
    }
    if (edge.from.startsWith("app/components/") && edge.to.startsWith("app/server/")) {
      found.add(arrow);
      if (allowed.has(arrow)) continue;
      problems.push(
        `${where}: components get their data as props and import no server code; move the type ` +
          `or helper to app/domain; ${DOC}.`,
      );
    } else if (
      edge.from.startsWith("app/components/") &&
      !edge.to.startsWith("app/components/") &&
      !edge.to.startsWith("app/domain/")
    ) {
      problems.push(`${where}: components import only app/components and app/domain; ${DOC}.`);
    }
    if (
      edge.from.startsWith("app/server/") &&
      !edge.to.startsWith("app/server/") &&
      !edge.to.startsWith("app/domain/")
    ) {
      problems.push(
        `${where}: app/server imports only app/server and app/domain (routes and components ` +
          `sit above it); ${DOC}.`,
      );
    }
  }
  return [
    ...problems,
    ...staleEntries("KNOWN_COMPONENT_SERVER_IMPORTS", knownComponentImports, found),
  ];
}

/**
 * The module-level getters that once handed out the runtime. Routes read the services from React
 * Router's context (servicesFrom(context)) and pass them to services as arguments.
 */
const HIDDEN_GLOBALS = new Set(["getDb", "getEnv", "getSite", "getMediaStore", "getMailer"]);

/**
 * The files that build the runtime themselves (process start and the command-line tools): the
 * only ones where such a call could be right. None makes one today.
 */
const COMPOSITION_FILES: readonly string[] = [
  "app/server/http/runtime.server.ts",
  "app/server/auth/admin-cli.server.ts",
  "app/server/backup/backup-cli.server.ts",
];

/** Calls of HIDDEN_GLOBALS in app/routes and app/server, outside COMPOSITION_FILES. */
function hiddenGlobalProblems(root: string, composition: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root, ["app/routes", "app/server"])) {
    if (composition.includes(file)) continue;
    const source = parse(root, file);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : "";
        if (HIDDEN_GLOBALS.has(name)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          problems.push(
            `${file} line ${line} calls ${name}(): there are no hidden globals. A route takes ` +
              `the runtime from its context (const { db, site } = servicesFrom(context)) and ` +
              `passes what a service needs as arguments; ${DOC}.`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** Every entry of app/server must be a folder placed in LAYERS. */
function unplacedFolders(root: string): string[] {
  const serverDir = path.join(root, "app/server");
  return fs
    .readdirSync(serverDir, { withFileTypes: true })
    .filter((entry) => !entry.isDirectory() || !LAYERS.some((l) => l.includes(entry.name)))
    .map((entry) =>
      entry.isDirectory()
        ? `app/server/${entry.name} is in no layer: add it to LAYERS in ` +
          `tests/unit/architecture.test.ts and to the layer list in docs/architecture.md.`
        : `app/server/${entry.name} is in no folder: put it in the feature folder it belongs to.`,
    );
}

describe("the layers of docs/architecture.md hold in app/ and server/", () => {
  const graph = buildImportGraph(ROOT);

  it("reads the whole app (a broken reader would pass every rule)", () => {
    expect(graph.files.length).toBeGreaterThan(200);
    expect(graph.edges.length).toBeGreaterThan(600);
    expect(graph.files).toContain("server/app.ts");
  });

  it("places every app/server folder in the layer order", () => {
    expect(unplacedFolders(ROOT)).toEqual([]);
  });

  it("keeps app/domain isomorphic, components free of server code, app/server below routes", () => {
    expect(areaProblems(graph, KNOWN_COMPONENT_SERVER_IMPORTS)).toEqual([]);
  });

  it("imports between app/server folders point down the layers (KNOWN_UPWARD only shrinks)", () => {
    expect(layerProblems(graph, KNOWN_UPWARD)).toEqual([]);
  });

  it("has no file-level import cycle (KNOWN_CYCLES only shrinks)", () => {
    expect(cycleProblems(graph, KNOWN_CYCLES)).toEqual([]);
  });

  it("route modules pass plain values to app/server (KNOWN_REQUEST_PASSING only shrinks)", () => {
    expect(requestProblems(ROOT, graph, KNOWN_REQUEST_PASSING)).toEqual([]);
  });

  it("routes and services get the runtime from the context, not from getDb() and friends", () => {
    expect(hiddenGlobalProblems(ROOT, COMPOSITION_FILES)).toEqual([]);
  });
});

describe("the checks themselves, on a fixture tree", () => {
  const temp = tempDirs("wlx-architecture-");
  afterAll(temp.removeAll);
  const source = (...lines: string[]) => `${lines.join("\n")}\n`;

  const FIXTURE: Record<string, string> = {
    "app/server/platform/log.server.ts": source(`export const log = (m: string) => m;`),
    // Upward: platform (ground) imports site.
    "app/server/platform/boot.server.ts": source(
      `import { page } from "../site/page.server";`,
      `export const boot = page;`,
    ),
    "app/server/site/page.server.ts": source(
      `import { log } from "~/server/platform/log.server";`,
      `export const page = log("page");`,
      `export function readCookie(request: Request) { return request.headers.get("cookie"); }`,
      `export function listPage(input: { request: Request }) { return input; }`,
      `export function pageFor(path: string) { return path; }`,
    ),
    // Sibling, through a dynamic import: site and leads share a layer.
    "app/server/site/lazy.server.ts": source(
      `export const load = () => import("~/server/leads/clicks.server");`,
    ),
    "app/server/leads/clicks.server.ts": source(`export const clicks = 0;`),
    // A cycle whose return arrow is type-only.
    "app/server/catalogue/a.server.ts": source(
      `import { b } from "./b.server";`,
      `export type A = number;`,
      `export const a = b;`,
    ),
    "app/server/catalogue/b.server.ts": source(
      `import type { A } from "./a.server";`,
      `export const b: A = 1;`,
    ),
    // A folder nobody placed in LAYERS.
    "app/server/loyalty/points.server.ts": source(
      `import { log } from "../platform/log.server";`,
      `export const book = log;`,
    ),
    "app/domain/rule.ts": source(
      `import type { log } from "~/server/platform/log.server";`,
      `export type Log = typeof log;`,
    ),
    "app/components/card.tsx": source(
      `import { type page } from "~/server/site/page.server";`,
      `export type Page = typeof page;`,
    ),
    // Every form of import, within one folder (no layer rule applies).
    "app/server/platform/forms.server.ts": source(
      `// import { commented } from "./commented.server";`,
      `import "./side.server";`,
      `import * as logs from "./log.server";`,
      `export { log } from "./log.server";`,
      `export type { Kind } from "./kind.server";`,
      `export * from "./star.server";`,
      `type Lazy = typeof import("./typed.server");`,
      `const text = 'import("./quoted.server")';`,
      `export const later = () => import("./later.server");`,
    ),
    ...Object.fromEntries(
      ["commented", "side", "kind", "star", "typed", "quoted", "later"].map((name) => [
        `app/server/platform/${name}.server.ts`,
        source(`export type Kind = 1;`),
      ]),
    ),
    // The HTTP edge and a route's own helper beside it may take the request.
    "app/server/http/edge.server.ts": source(
      `export function originOf(request: Request) { return request.url; }`,
    ),
    "app/routes/edge.server.ts": source(
      `export function formOf(request: Request) { return request.formData(); }`,
    ),
    "app/routes/edge.tsx": source(
      `import { originOf } from "~/server/http/edge.server";`,
      `import { formOf } from "./edge.server";`,
      `export async function action({ request }: { request: Request }) {`,
      `  return [originOf(request), await formOf(request)];`,
      `}`,
    ),
    "app/routes/thing.tsx": source(
      `import type { Route } from "./+types/thing";`,
      `import { listPage, pageFor, readCookie } from "~/server/site/page.server";`,
      `const local = (request: Request) => request.url;`,
      `export async function loader({ request }: Route.LoaderArgs) {`,
      `  pageFor(new URL(request.url).pathname);`,
      `  local(request);`,
      `  return readCookie(request);`,
      `}`,
      `export async function action(args: Route.ActionArgs) {`,
      `  return listPage({ request: args.request });`,
      `}`,
    ),
  };

  function fixture(): { root: string; graph: ImportGraph } {
    const root = temp.make();
    for (const [file, text] of Object.entries(FIXTURE)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    return { root, graph: buildImportGraph(root) };
  }

  it("reads static, side-effect, re-export, type-only and dynamic imports, not comments", () => {
    const { graph } = fixture();
    const from = "app/server/platform/forms.server.ts";
    const arrows = graph.edges
      .filter((edge) => edge.from === from)
      .map(
        (edge) => `${edge.to.replace("app/server/platform/", "")}${edge.typeOnly ? " (type)" : ""}`,
      );
    expect(arrows).toEqual([
      "side.server.ts",
      "log.server.ts",
      "kind.server.ts (type)",
      "star.server.ts",
      "typed.server.ts (type)",
      "later.server.ts",
    ]);
  });

  it("reports an upward import, a sibling import and an unplaced folder, naming the fix", () => {
    const { graph } = fixture();
    expect(layerProblems(graph, [])).toEqual([
      "app/server/loyalty/points.server.ts imports app/server/platform/log.server.ts (line 1): " +
        "app/server/loyalty is in no layer: add it to LAYERS in tests/unit/architecture.test.ts " +
        "and to the layer list in docs/architecture.md; see docs/architecture.md.",
      "app/server/platform/boot.server.ts imports app/server/site/page.server.ts (line 1): " +
        "platform is below site: pass the value in from above, or move the code so the import " +
        "points down (the importer up, or what it needs down or to app/domain); " +
        "see docs/architecture.md.",
      expect.stringContaining(
        "app/server/site/lazy.server.ts imports app/server/leads/clicks.server.ts (line 1): " +
          "site and leads share a layer and may not import each other",
      ),
    ]);
  });

  it("lets an allowlisted arrow through and fails on one that is gone", () => {
    const { graph } = fixture();
    const problems = layerProblems(graph, [
      "app/server/platform/boot.server.ts -> app/server/site/page.server.ts",
      "app/server/site/lazy.server.ts -> app/server/leads/clicks.server.ts",
      "app/server/loyalty/points.server.ts -> app/server/platform/log.server.ts",
      "app/server/platform/gone.server.ts -> app/server/site/page.server.ts",
    ]);
    expect(problems).toEqual([
      'KNOWN_UPWARD lists "app/server/platform/gone.server.ts -> app/server/site/page.server.ts", ' +
        "which no longer happens (fixed, moved or renamed): remove it from KNOWN_UPWARD. " +
        "The list only shrinks.",
    ]);
  });

  it("reports a cycle even when one of its arrows is type-only, and a stale known cycle", () => {
    const { graph } = fixture();
    const problems = cycleProblems(graph, [["app/domain/x.ts", "app/domain/y.ts"]]);
    expect(problems).toEqual([
      expect.stringContaining(
        "Import cycle among 2 files: app/server/catalogue/a.server.ts -> " +
          "app/server/catalogue/b.server.ts (line 1); app/server/catalogue/b.server.ts -> " +
          "app/server/catalogue/a.server.ts (line 1, type)",
      ),
      expect.stringContaining("remove it from KNOWN_CYCLES"),
    ]);
    const cycle = ["app/server/catalogue/b.server.ts", "app/server/catalogue/a.server.ts"];
    expect(cycleProblems(graph, [cycle])).toEqual([]);
  });

  it("reports routes handing request or args.request to app/server, except to the HTTP edge", () => {
    const { root, graph } = fixture();
    expect(requestProblems(root, graph, [])).toEqual([
      expect.stringContaining("app/routes/thing.tsx line 7 calls readCookie with request: "),
      expect.stringContaining(
        "app/routes/thing.tsx line 10 calls listPage with { request: args.request }: ",
      ),
    ]);
    const known = ["app/routes/thing.tsx: readCookie", "app/routes/thing.tsx: listPage"];
    expect(requestProblems(root, graph, known)).toEqual([]);
    expect(requestProblems(root, graph, [...known, "app/routes/thing.tsx: pageFor"])).toEqual([
      expect.stringContaining("remove it from KNOWN_REQUEST_PASSING"),
    ]);
  });

  it("reports a call of getDb() and friends outside the composition files", () => {
    const root = temp.make();
    const files: Record<string, string> = {
      "app/routes/page.tsx": source(
        `import { getSite } from "~/server/http/runtime.server";`,
        `export const loader = () => getSite().name;`,
      ),
      "app/server/site/list.server.ts": source(
        `import * as db from "../platform/db.server";`,
        `export const rows = () => db.getDb();`,
        `export const fine = (site: { getSiteName(): string }) => site.getSiteName();`,
      ),
      "app/server/http/runtime.server.ts": source(`export const env = getEnv();`),
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    expect(hiddenGlobalProblems(root, ["app/server/http/runtime.server.ts"])).toEqual([
      expect.stringContaining("app/routes/page.tsx line 2 calls getSite(): "),
      expect.stringContaining("app/server/site/list.server.ts line 2 calls getDb(): "),
    ]);
    expect(hiddenGlobalProblems(root, [])).toHaveLength(3);
  });

  it("reports app/domain and app/components importing app/server, types included", () => {
    const { graph } = fixture();
    expect(areaProblems(graph, [])).toEqual([
      expect.stringContaining(
        "app/components/card.tsx imports app/server/site/page.server.ts (line 1) " +
          "(type-only, which counts too): components get their data as props",
      ),
      expect.stringContaining(
        "app/domain/rule.ts imports app/server/platform/log.server.ts (line 1) " +
          "(type-only, which counts too): app/domain runs in the browser",
      ),
    ]);
  });
});
