import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import { startTestServer, type TestServer } from "./app-server";
import { cookieNamed } from "./auth-support";
import { createTestDatabase, type TestDatabase } from "./db";
import { tempDirs } from "./files";

/** The built app on its own PostgreSQL database, plus an admin session for writes. */
export interface ApiHarness {
  database: TestDatabase;
  server: TestServer;
  cookie: string;
  /** Anonymous unless `admin` is set. */
  get(
    path: string,
    options?: { admin?: boolean; headers?: Record<string, string>; method?: string },
  ): Promise<Response>;
  /** A browser-like same-origin write: JSON body, Origin and Sec-Fetch-Site, admin cookie by default. */
  send(method: string, path: string, body?: unknown, options?: SendOptions): Promise<Response>;
  /** Truncates packages, moments and media; the admin and its session stay. */
  resetContent(): Promise<void>;
  close(): Promise<void>;
}

export interface SendOptions {
  admin?: boolean;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: BodyInit;
}

const ADMIN_EMAIL = "api-admin@example.com";
const ADMIN_PASSWORD = "a long enough password";

export async function startApiHarness(env: Record<string, string> = {}): Promise<ApiHarness> {
  const database = await createTestDatabase("postgres");
  const server = await startTestServer({ DATABASE_URL: database.url, ...env });
  const admin = await createAdmin(database.db, ADMIN_EMAIL, ADMIN_PASSWORD);
  const session = await createSession(database.db, admin.id);
  const cookie = `wlx_session=${session.id}`;
  return {
    database,
    server,
    cookie,
    get(path, options = {}) {
      return server.fetch(path, {
        method: options.method ?? "GET",
        headers: { ...(options.admin ? { Cookie: cookie } : {}), ...options.headers },
      });
    },
    send(method, path, body, options = {}) {
      const raw = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
      return server.fetch(path, {
        method,
        body: raw,
        headers: {
          ...(raw !== undefined ? { "Content-Type": "application/json" } : {}),
          Origin: server.url,
          "Sec-Fetch-Site": "same-origin",
          ...(options.admin === false ? {} : { Cookie: cookie }),
          ...options.headers,
        },
      });
    },
    async resetContent() {
      await sql`truncate packages, travel_moments, media_objects restart identity cascade`.execute(
        database.db,
      );
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/**
 * The harness for a file or describe block: started before its tests (a build and a database
 * take a while), closed after them, and with `resetEachTest` emptied of content before each test.
 * Use the returned harness inside hooks and tests only: it stands for the running one.
 */
export function registerApiHarness(
  env: Record<string, string> = {},
  options: { resetEachTest?: boolean } = {},
): ApiHarness {
  return registered(env, options.resetEachTest ? (h) => h.resetContent() : undefined);
}

/**
 * registerApiHarness on a data directory of its own (`dataDir`, removed after the suite), for the
 * suites that look at the media files the server stores: before each test the content and the
 * travel moments' media folder are emptied.
 */
export function registerMomentsHarness(prefix: string): { h: ApiHarness; dataDir: string } {
  const temp = tempDirs(prefix);
  const dataDir = temp.make();
  const h = registered(
    { DATA_DIR: dataDir },
    async (running) => {
      await running.resetContent();
      fs.rmSync(path.join(dataDir, "media", "travel-moments"), { recursive: true, force: true });
    },
    temp.removeAll,
  );
  return { h, dataDir };
}

function registered(
  env: Record<string, string>,
  beforeEachTest?: (h: ApiHarness) => Promise<void>,
  afterClose?: () => void,
): ApiHarness {
  let harness: ApiHarness | undefined;
  const running = () => {
    if (!harness) throw new Error("the API harness is not running (used outside a test?)");
    return harness;
  };
  beforeAll(async () => {
    harness = await startApiHarness(env);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    afterClose?.();
  });
  if (beforeEachTest) beforeEach(() => beforeEachTest(running()));
  return {
    get database() {
      return running().database;
    },
    get server() {
      return running().server;
    },
    get cookie() {
      return running().cookie;
    },
    get: (path, getOptions) => running().get(path, getOptions),
    send: (method, path, body, sendOptions) => running().send(method, path, body, sendOptions),
    resetContent: () => running().resetContent(),
    close: () => running().close(),
  };
}

/**
 * The value of a real flash cookie: signed by the server, from the harness's admin signing in and
 * out through the forms, so it is bound to no session (decision 084).
 */
export async function signedOutFlash(h: ApiHarness): Promise<string | undefined> {
  const signedIn = await h.server.fetch("/admin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: h.server.url },
    body: new URLSearchParams({
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    }).toString(),
  });
  const signOut = await h.server.fetch("/admin/sign-out", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: h.server.url,
      Cookie: `wlx_session=${cookieNamed(signedIn, "wlx_session")!.value}`,
    },
    body: "",
  });
  return cookieNamed(signOut, "wlx_flash")?.value;
}
