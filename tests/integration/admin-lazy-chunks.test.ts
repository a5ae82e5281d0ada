import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { firstLoadScripts } from "../support/page-scripts";
import { cookieHeader } from "../support/auth-support";

// Decision 107: drag and drop (dnd-kit) is in no admin screen's first load; the screens
// that reorder fetch it with import() after hydration. Fails if anything imports it eagerly again.
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const ADMIN = { email: "lazy@example.com", password: "a long enough password" };
const DND_KIT = /To pick up a draggable item|DndDescribedBy/;

const read = (script: string) => fs.readFileSync(path.join(clientDir, script), "utf8");

/** The chunks a script asks for with import() (Vite writes `import(\`./x.js\`)`). */
const dynamicImports = (source: string) =>
  [...source.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map(
    (m) => `/assets/${m[1]}`,
  );

describe("admin screens load drag and drop lazily", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const login = await server.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    cookie = cookieHeader(login);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const firstLoad = async (page: string) => {
    const response = await server.fetch(page, { headers: { cookie } });
    expect(response.status, page).toBe(200);
    const scripts = firstLoadScripts(await response.text(), clientDir);
    expect(scripts.length, page).toBeGreaterThan(3);
    return scripts;
  };

  it.each([
    "/admin/dashboard",
    "/admin/local",
    "/admin/travel-moments",
    "/admin/new-package",
    "/admin/settings",
  ])("%s has no dnd-kit in its first load", async (page) => {
    for (const script of await firstLoad(page))
      expect(DND_KIT.test(read(script)), `dnd-kit in ${script}`).toBe(false);
  });

  it.each(["/admin/dashboard", "/admin/travel-moments"])(
    "%s can fetch it: a first-load script imports the dnd-kit chunk dynamically",
    async (page) => {
      const lazy = (await firstLoad(page)).flatMap((script) => dynamicImports(read(script)));
      expect(
        lazy.some((chunk) => DND_KIT.test(read(chunk))),
        lazy.join(", "),
      ).toBe(true);
    },
  );
});
