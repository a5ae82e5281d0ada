import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server build's entry is our Express app (which imports the React Router server build),
  // so production runs one bundle: runtime start-up, migrations and request handling.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node24" } },
  },
  plugins: [reactRouter()],
});
