// The import graph of the app's own source files, for tests/unit/architecture.test.ts (the layer
// rules of docs/architecture.md). Every function takes the project root, so the test can run the
// same checks on a tiny fixture tree as on the real app.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * One import of one file: `import`, `import type`, `export … from`, `import(…)` or
 * `typeof import(…)`.
 */
export type ImportRef = {
  specifier: string;
  /** True for `import type`, `export type … from` and `typeof import(…)`. */
  typeOnly: boolean;
  line: number;
};

/** An arrow between two of the project's files (paths relative to the root, `/` separators). */
export type ImportEdge = { from: string; to: string; typeOnly: boolean; line: number };

export type ImportGraph = {
  files: string[];
  edges: ImportEdge[];
  /** File -> the files it imports (each once, in import order). */
  imports: Map<string, string[]>;
};

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Every .ts/.tsx file under each of `dirs`, sorted, relative to `root` with `/` separators. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const files: string[] = [];
  for (const dir of dirs) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const entry of fs.readdirSync(abs, { recursive: true }) as string[]) {
      const rel = `${dir}/${entry.split(path.sep).join("/")}`;
      // React Router's generated route types (`./+types/…`) are not the app's own code.
      if (!SOURCE.test(rel) || rel.includes("/+types/") || rel.includes("/node_modules/")) continue;
      if (fs.statSync(path.join(root, rel)).isFile()) files.push(rel);
    }
  }
  return files.sort();
}

export function parse(root: string, file: string): ts.SourceFile {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** Every module specifier a file names, read from the syntax tree (so comments can't fool it). */
export function importsOf(source: ts.SourceFile): ImportRef[] {
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined, typeOnly: boolean) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    refs.push({ specifier: literal.text, typeOnly, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        !clause.name &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      add(node, node.moduleSpecifier, Boolean(clause?.isTypeOnly) || allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node)) {
      const ref = node.moduleReference;
      if (ts.isExternalModuleReference(ref)) add(node, ref.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(node, argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

/**
 * The project file a specifier names, or undefined for packages, virtual modules and generated
 * files. `~/x` is `app/x` (tsconfig paths); `./x` and `../x` are relative to the importing file.
 */
export function resolveImport(
  from: string,
  specifier: string,
  known: ReadonlySet<string>,
): string | undefined {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = `app/${bare.slice(2)}`;
  else if (bare.startsWith("./") || bare.startsWith("../")) {
    base = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  } else return undefined;
  for (const extension of EXTENSIONS) {
    if (known.has(base + extension)) return base + extension;
  }
  // `./x.js` written for a `./x.ts` file.
  const swapped = base.replace(/\.js$/, ".ts");
  return known.has(swapped) ? swapped : undefined;
}

/** The graph of every .ts/.tsx file under `dirs` of `root` and the arrows among them. */
export function buildImportGraph(
  root: string,
  dirs: readonly string[] = ["app", "server"],
): ImportGraph {
  const files = sourceFiles(root, dirs);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const arrows = new Map<string, ImportEdge>();
    for (const ref of importsOf(parse(root, file))) {
      const to = resolveImport(file, ref.specifier, known);
      if (!to) continue;
      const existing = arrows.get(to);
      // One arrow per pair of files; it is type-only only if every import behind it is.
      if (existing) existing.typeOnly &&= ref.typeOnly;
      else arrows.set(to, { from: file, to, typeOnly: ref.typeOnly, line: ref.line });
    }
    edges.push(...arrows.values());
    imports.set(file, [...arrows.keys()]);
  }
  return { files, edges, imports };
}

/**
 * The import cycles: strongly connected components of more than one file (or a file importing
 * itself), each sorted, the list sorted by its first file. Tarjan's algorithm, iteratively.
 */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.imports.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = (graph.imports.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  }
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** `app/server/<folder>/…` -> `<folder>`; undefined for any other file. */
export function serverFolder(file: string): string | undefined {
  return /^app\/server\/([^/]+)\//.exec(file)?.[1];
}

/**
 * An arrow between two app/server folders that the layer order does not allow: pointing `up`, to a
 * `sibling` on the same layer, or to or from a folder that is in no layer (`unplaced`).
 */
export type LayerViolation = ImportEdge & {
  fromFolder: string;
  toFolder: string;
  kind: "up" | "sibling" | "unplaced";
  /** The folder that is in no layer, for `unplaced`. */
  unplaced?: string;
};

/**
 * Arrows from one app/server folder to another that is not strictly lower in `layers` (ground
 * first; folders in one inner array share a layer and may not import one another). A folder in no
 * layer is a violation both ways, so a new folder has to be placed in the order first.
 */
export function layerViolations(
  graph: ImportGraph,
  layers: readonly (readonly string[])[],
): LayerViolation[] {
  const layerOf = (folder: string) => layers.findIndex((layer) => layer.includes(folder));
  const violations: LayerViolation[] = [];
  for (const edge of graph.edges) {
    const fromFolder = serverFolder(edge.from);
    const toFolder = serverFolder(edge.to);
    if (!fromFolder || !toFolder || fromFolder === toFolder) continue;
    const from = layerOf(fromFolder);
    const to = layerOf(toFolder);
    const found = { ...edge, fromFolder, toFolder };
    if (from < 0 || to < 0) {
      violations.push({ ...found, kind: "unplaced", unplaced: from < 0 ? fromFolder : toFolder });
    } else if (to === from) violations.push({ ...found, kind: "sibling" });
    else if (to > from) violations.push({ ...found, kind: "up" });
  }
  return violations;
}

/** A call in a route module that hands the loader/action's `request` or `args` to server code. */
export type RequestPassing = { file: string; callee: string; argument: string; line: number };

const REQUEST_NAMES = new Set(["request", "args"]);

/** How an argument hands over `request`/`args`, or undefined when it passes plain values. */
function passedRequest(argument: ts.Expression, source: ts.SourceFile): string | undefined {
  if (ts.isIdentifier(argument) && REQUEST_NAMES.has(argument.text)) return argument.text;
  if (ts.isSpreadElement(argument)) return passedRequest(argument.expression, source);
  // `args.request`: the Request itself, reached through the argument object.
  if (
    ts.isPropertyAccessExpression(argument) &&
    ts.isIdentifier(argument.expression) &&
    argument.expression.text === "args" &&
    argument.name.text === "request"
  ) {
    return argument.getText(source);
  }
  if (ts.isObjectLiteralExpression(argument)) {
    for (const property of argument.properties) {
      if (ts.isShorthandPropertyAssignment(property) && REQUEST_NAMES.has(property.name.text)) {
        return `{ ${property.name.text} }`;
      }
      if (ts.isPropertyAssignment(property) || ts.isSpreadAssignment(property)) {
        const inner = ts.isPropertyAssignment(property)
          ? property.initializer
          : property.expression;
        if (passedRequest(inner, source)) return `{ ${property.getText(source)} }`;
      }
    }
  }
  return undefined;
}

/**
 * Calls in each route module (files under `routeDir`) to a function it imports from app/server
 * (`~/server/…` or a relative path into it), outside the HTTP edge (app/server/http, which may
 * take the request), with `request` or `args` among the arguments: as
 * itself, in an object literal (`{ request }`, `{ req: request }`, `{ ...args }`) or as
 * `args.request`.
 */
export function requestPassing(
  root: string,
  graph: ImportGraph,
  routeDir = "app/routes",
): RequestPassing[] {
  const known = new Set(graph.files);
  const found: RequestPassing[] = [];
  for (const file of graph.files.filter((f) => f.startsWith(`${routeDir}/`))) {
    const source = parse(root, file);
    const functions = new Set<string>();
    const namespaces = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
        continue;
      }
      const target = resolveImport(file, statement.moduleSpecifier.text, known);
      // app/server/http is the HTTP edge: reading the request is its job.
      if (!target?.startsWith("app/server/") || target.startsWith("app/server/http/")) continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) functions.add(clause.name.text);
      const named = clause.namedBindings;
      if (named && ts.isNamespaceImport(named)) namespaces.add(named.name.text);
      if (named && ts.isNamedImports(named)) {
        for (const element of named.elements) {
          if (!element.isTypeOnly) functions.add(element.name.text);
        }
      }
    }
    if (functions.size === 0 && namespaces.size === 0) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        let name: string | undefined;
        if (ts.isIdentifier(callee) && functions.has(callee.text)) name = callee.text;
        if (
          ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          namespaces.has(callee.expression.text)
        ) {
          name = callee.getText(source);
        }
        if (name) {
          for (const argument of node.arguments ?? []) {
            const passed = passedRequest(argument, source);
            if (!passed) continue;
            const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
            found.push({ file, callee: name, argument: passed, line });
            break;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
