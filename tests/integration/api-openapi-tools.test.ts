import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { ADMIN, cookieHeader, ensureTestAdmin, startAuthServer } from "../support/auth-support";
import { freePort } from "../support/processes";
import { tempDirs } from "../support/files";

// The API as an integrator reads it, judged by tools no one here wrote: Redocly lints the
// served /api/openapi.json, and Stoplight Prism's validating proxy checks a create/read/update/
// delete run against the running server. Both run on the Node that runs the tests (Node 24).
const run = promisify(execFile);
const bin = (pkg: string, rel: string) => path.resolve("node_modules", pkg, rel);
const REDOCLY = bin("@redocly/cli", "bin/cli.js");
const PRISM = bin("@stoplight/prism-cli", "dist/index.js");
const quiet = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  NO_COLOR: "1",
};

interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

describe("the OpenAPI document and the API agree, judged by Redocly and Prism", () => {
  let database: TestDatabase;
  let server: TestServer;
  const temp = tempDirs("wlx-openapi-");
  let dir: string;
  let specFile: string;
  let prism: ChildProcess | undefined;
  let prismUrl: string;
  let prismLog = "";

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await ensureTestAdmin(database);
    server = await startAuthServer(database);
    dir = temp.make();
    specFile = path.join(dir, "openapi.json");
    const doc = await (await server.fetch("/api/openapi.json")).text();
    fs.writeFileSync(specFile, doc);

    const port = await freePort();
    prismUrl = `http://127.0.0.1:${port}`;
    prism = spawn(
      process.execPath,
      [PRISM, "proxy", specFile, server.url, "--host", "127.0.0.1", "--port", String(port)],
      { env: quiet, stdio: ["ignore", "pipe", "pipe"] },
    );
    prism.stdout?.on("data", (c: Buffer) => (prismLog += c.toString()));
    prism.stderr?.on("data", (c: Buffer) => (prismLog += c.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await fetch(`${prismUrl}/api/trips`);
        break;
      } catch {
        if (Date.now() > deadline || prism.exitCode !== null) {
          throw new Error(`Prism did not start:\n${prismLog}`);
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }, 90_000);

  afterAll(async () => {
    prism?.kill("SIGTERM");
    await server?.close();
    await database?.close();
    temp.removeAll();
  });

  it("passes Redocly's recommended lint with no errors and no warnings", async () => {
    const result = await run(
      process.execPath,
      [REDOCLY, "lint", specFile, "--format", "json", "--extends", "recommended"],
      { env: quiet, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    const report = JSON.parse(String(result.stdout)) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      (p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  /** A request through Prism; any violation it found is in its `sl-violations` header. */
  async function viaPrism(
    method: string,
    url: string,
    options: { body?: unknown; cookie?: string } = {},
  ): Promise<{ response: Response; violations: Violation[] }> {
    const response = await fetch(`${prismUrl}${url}`, {
      method,
      redirect: "manual",
      headers: {
        ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const header = response.headers.get("sl-violations");
    return { response, violations: header ? (JSON.parse(header) as Violation[]) : [] };
  }

  it("runs sign-in, create, read, update, status, list, delete and sign-out with no violation", async () => {
    const all: { step: string; violations: Violation[] }[] = [];
    const step = async (
      name: string,
      expected: number,
      ...args: Parameters<typeof viaPrism>
    ): Promise<Response> => {
      const { response, violations } = await viaPrism(...args);
      all.push({ step: name, violations });
      expect(response.status, `${name}: ${prismLog.slice(-2000)}`).toBe(expected);
      return response;
    };

    const login = await step("login", 200, "POST", "/api/admin/login", { body: ADMIN });
    const cookie = cookieHeader(login);
    const created = await step("create", 201, "POST", "/api/trips", {
      cookie,
      body: {
        title: "Prism Trip",
        price: "$1,200",
        status: "draft",
        highlights: ["Reef"],
        itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "Hotel" }],
      },
    });
    const { id } = (await created.json()) as { id: string };
    await step("read", 200, "GET", `/api/trips/${id}`, { cookie });
    await step("update", 200, "PUT", `/api/trips/${id}`, {
      cookie,
      body: { title: "Prism Trip, updated", price: "$1,300", status: "draft" },
    });
    await step("publish", 200, "PATCH", `/api/trips/${id}`, {
      cookie,
      body: { status: "published" },
    });
    await step("public read", 200, "GET", `/api/trips/${id}`);
    await step("list", 200, "GET", "/api/trips");
    await step("delete", 200, "DELETE", `/api/trips/${id}`, { cookie });
    await step("gone", 404, "GET", `/api/trips/${id}`);
    await step("logout", 200, "POST", "/api/admin/logout", { cookie });
    expect(all.filter((s) => s.violations.length > 0)).toEqual([]);
  }, 60_000);

  it("documents the error answers as they are (sign-in 400/401, 401 without a session, 404)", async () => {
    const checks: [string, number, ...Parameters<typeof viaPrism>][] = [
      [
        "login with a bad e-mail",
        400,
        "POST",
        "/api/admin/login",
        {
          body: { email: "not-an-email", password: "x" },
        },
      ],
      [
        "login with a wrong password",
        401,
        "POST",
        "/api/admin/login",
        {
          body: { email: ADMIN.email, password: "wrong password!" },
        },
      ],
      ["write without a session", 401, "POST", "/api/trips", { body: { title: "No session" } }],
      ["unknown id", 404, "GET", "/api/trips/00000000-0000-4000-8000-000000000000", {}],
    ];
    for (const [name, expected, ...args] of checks) {
      const { response, violations } = await viaPrism(...args);
      expect(response.status, name).toBe(expected);
      // Request violations are the point of these calls; the answers must match the document.
      const answers = violations.filter((v) => v.location[0] === "response");
      expect(answers, name).toEqual([]);
      // Sanity: the proxy does validate (the session cookie the document requires is missing).
      if (name === "write without a session") {
        expect(violations.some((v) => v.location[0] === "request")).toBe(true);
      }
    }
  }, 60_000);
});
