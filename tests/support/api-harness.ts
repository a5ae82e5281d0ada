import { sql } from "kysely";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import { startTestServer, type TestServer } from "./app-server";
import { createTestDatabase, type TestDatabase } from "./db";

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

export async function startApiHarness(env: Record<string, string> = {}): Promise<ApiHarness> {
  const database = await createTestDatabase("postgres");
  const server = await startTestServer({ DATABASE_URL: database.url, ...env });
  const admin = await createAdmin(database.db, "api-admin@example.com", "a long enough password");
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
