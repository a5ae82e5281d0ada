// Helpers of the leads suites: the built app on PostgreSQL or PGlite, with a handle on
// its database (PGlite allows one process only, so the suite reads the server's own connection).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import type { Db } from "~/server/platform/db.server";
import { createTestDatabase, type Backend, type TestDatabase } from "./db";
import { tempDirs } from "./files";

export interface LeadsServer {
  backend: Backend;
  url: string;
  db: Db;
  fetch(pathOrUrl: string, init?: RequestInit): Promise<Response>;
  /** An admin session's Cookie header (created on first use). */
  adminCookie(): Promise<string>;
  close(): Promise<void>;
}

interface BuiltApp {
  startApp(
    env: Record<string, string | undefined>,
    options: { clientDir: string },
  ): Promise<{ url: string; runtime: { database: { db: Db } }; close(): Promise<void> }>;
}

export async function startLeadsServer(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<LeadsServer> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const entry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(entry)) throw new Error(`No build at ${buildDir}: run \`npm run build\``);
  const mod = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as BuiltApp;
  const temp = tempDirs("wlx-leads-");
  const dataDir = temp.make();
  let database: TestDatabase | undefined;
  if (backend === "postgres") database = await createTestDatabase("postgres");
  const app = await mod.startApp(
    {
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      PUBLIC_URL: "https://travel.example.com",
      SITE_EMAIL: "team@travel.example.com",
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    { clientDir: path.join(buildDir, "client") },
  );
  const db = app.runtime.database.db;
  let cookie: string | undefined;
  return {
    backend,
    url: app.url,
    db,
    fetch: (p, init) => fetch(new URL(p, app.url), { redirect: "manual", ...init }),
    async adminCookie() {
      if (!cookie) {
        const admin = await createAdmin(db, "leads-admin@example.com", "a long enough password");
        const session = await createSession(db, admin.id);
        cookie = `wlx_session=${session.id}`;
      }
      return cookie;
    },
    async close() {
      await app.close();
      await database?.close();
      temp.removeAll();
    },
  };
}

export async function clearLeads(db: Db): Promise<void> {
  await sql`delete from enquiries`.execute(db);
  await sql`delete from enquiry_submissions`.execute(db);
  await sql`delete from contact_form_tokens`.execute(db);
}

/** The contact page's honeypot fields, as a browser would post them back. */
export async function honeypotFields(server: LeadsServer): Promise<Record<string, string>> {
  const html = await (await server.fetch("/contact")).text();
  const token = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1];
  if (!token) throw new Error("no honeypot time on /contact");
  return { name__confirm: "", from__confirm: decodeEntities(token) };
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The leads forms are posted asking for HTML, as a browser does (hand to formPost). */
export const ACCEPTS_HTML = { Accept: "text/html" };

/** A same-origin JSON write to the API as the signed-in admin whose Cookie header is `cookie`. */
export function sendAdminJson(
  server: LeadsServer,
  cookie: string,
  method: string,
  path: string,
  body: unknown,
): Promise<Response> {
  return server.fetch(path, {
    method,
    body: JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      "Sec-Fetch-Site": "same-origin",
      Cookie: cookie,
    },
  });
}

/** How many rows a table holds now (a refused write must leave it as it was). */
export async function rowCount(
  db: Db,
  table: "packages" | "package_translations" | "travel_moments" | "moment_translations",
): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
