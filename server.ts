// Launcher: in production it loads the built server; in development it runs through Vite.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type * as AppModule from "./server/app.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

if (process.env.NODE_ENV === "development") {
  const vite = await import("vite");
  const devServer = await vite.createServer({
    server: { middlewareMode: true },
    appType: "custom",
  });
  const mod = (await devServer.ssrLoadModule("./server/app.ts")) as typeof AppModule;
  await mod.startServer({
    devMiddleware: devServer.middlewares,
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as never,
  });
} else {
  let mod: {
    startServer: (options: { clientDir: string; serverModule: string }) => Promise<unknown>;
  };
  const serverModule = pathToFileURL(path.join(buildDir, "server/index.js")).href;
  try {
    mod = await import(serverModule);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") {
      console.error("No build found: run `npm run build` first.");
      process.exit(1);
    }
    throw error;
  }
  await mod.startServer({ clientDir: path.join(buildDir, "client"), serverModule });
}
