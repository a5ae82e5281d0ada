import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node24" } : {},
  plugins: [reactRouter()],
}));
