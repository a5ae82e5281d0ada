// Helpers shared by the auth-*/security-* suites: a built server on a test database, cookies.
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { startTestServer, type TestServer } from "./app-server";
import { createTestDatabase, type TestDatabase } from "./db";

export const ADMIN = { email: "owner@example.com", password: "correct horse battery staple" };

export async function startAuthServer(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<TestServer> {
  if (!database.url) throw new Error("the HTTP suites run on the PostgreSQL backend");
  return startTestServer({ DATABASE_URL: database.url, ...env });
}

export interface ServerSuite {
  database: TestDatabase;
  server: TestServer;
}

export interface SignedInSuite extends ServerSuite {
  /** The Cookie header of a signed-in admin session. */
  cookie: string;
}

/**
 * Registers a suite's lifecycle: a fresh PostgreSQL database with the test admin and the built
 * server on it, both closed after the suite. Read the fields in tests; a test may replace
 * `server` (the one there at the end is closed).
 */
export function useAuthServer(env: Record<string, string> = {}): ServerSuite {
  return useServerSuite(env, false);
}

/** As {@link useAuthServer}, and signed in as the test admin once the server is up. */
export function useSignedInServer(env: Record<string, string> = {}): SignedInSuite {
  return useServerSuite(env, true);
}

function useServerSuite(env: Record<string, string>, signIn: boolean): SignedInSuite {
  const suite = {} as SignedInSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase("postgres");
    await ensureTestAdmin(suite.database);
    suite.server = await startAuthServer(suite.database, env);
    if (signIn) suite.cookie = await signedInCookie(suite.server);
  }, 120_000);
  afterAll(async () => {
    await suite.server?.close();
    await suite.database?.close();
  });
  return suite;
}

export async function ensureTestAdmin(
  database: TestDatabase,
  email = ADMIN.email,
  password = ADMIN.password,
) {
  const existing = await database.db
    .selectFrom("admins")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return existing ?? (await createAdmin(database.db, email, password));
}

export async function clearLoginAttempts(database: TestDatabase): Promise<void> {
  await sql`delete from login_attempts`.execute(database.db);
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(";").map((p) => p.trim());
    const eq = pair!.indexOf("=");
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes };
  });
}

export function cookieNamed(response: Response, name: string): SetCookie | undefined {
  return setCookies(response).find((c) => c.name === name);
}

/** A Cookie request header carrying every cookie a response set (expired ones dropped). */
export function cookieHeader(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const c of setCookies(response)) {
      if (c.value === "" || c.attributes.includes("Max-Age=0")) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export function apiLogin(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return server.fetch("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Signs in through the API and returns the Cookie header of the new session. */
export async function signedInCookie(
  server: TestServer,
  email = ADMIN.email,
  password = ADMIN.password,
): Promise<string> {
  const response = await apiLogin(server, { email, password });
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { action?: unknown; loader?: unknown; default?: unknown; middleware?: unknown[] };
}

/** The route table of the built server, exactly what answers requests. */
export async function builtRoutes(): Promise<{
  routes: Record<string, BuiltRoute>;
  list: (BuiltRoute & { fullPath: string })[];
}> {
  const { pathToFileURL } = await import("node:url");
  const path = await import("node:path");
  const entry = path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "server", "index.js");
  const mod = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as {
    loadServerBuild(): Promise<{ routes: Record<string, BuiltRoute> }>;
  };
  const { routes } = await mod.loadServerBuild();
  const fullPath = (route: BuiltRoute): string => {
    const parts: string[] = [];
    for (
      let r: BuiltRoute | undefined = route;
      r;
      r = r.parentId ? routes[r.parentId] : undefined
    ) {
      if (r.path) parts.unshift(r.path.replace(/^\/+|\/+$/g, ""));
    }
    return parts.join("/");
  };
  return { routes, list: Object.values(routes).map((r) => ({ ...r, fullPath: fullPath(r) })) };
}

/** A URL for a route pattern: params become a random UUID, a splat becomes a word. */
export function concretePath(pattern: string, id: string): string {
  return `/${pattern
    .split("/")
    .map((seg) => (seg.startsWith(":") ? id : seg === "*" ? "anything" : seg.replace(/\?$/, "")))
    .join("/")}`;
}
