import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tempDirs } from "./files";

export interface TestServer {
  url: string;
  /** fetch against the server; relative paths are resolved on its URL. Redirects are not followed. */
  fetch(pathOrUrl: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

interface BuiltServer {
  startApp(
    env: Record<string, string | undefined>,
    options: { clientDir: string; serverModule: string },
  ): Promise<{ url: string; close(): Promise<void> }>;
}

/** The built app (`npm run build` first; BUILD_DIR honoured) on a free port. */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
): Promise<TestServer> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const entry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(entry))
    throw new Error(`No build at ${buildDir}: run \`npm run build\` first`);
  const serverModule = pathToFileURL(entry).href;
  const mod = (await import(/* @vite-ignore */ serverModule)) as BuiltServer;
  const temp = tempDirs("wlx-app-");
  const dataDir = env.DATA_DIR ?? temp.make();
  const app = await mod.startApp(
    {
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      ...env,
    },
    // As server.ts passes it: a first start with SEED_DEMO seeds in a worker (decision 167).
    { clientDir: path.join(buildDir, "client"), serverModule },
  );
  return {
    url: app.url,
    fetch: (p, init) => fetch(new URL(p, app.url), { redirect: "manual", ...init }),
    async close() {
      await app.close();
      temp.removeAll();
    },
  };
}
