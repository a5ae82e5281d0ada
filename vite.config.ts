import { reactRouter } from "@react-router/dev/vite";
import { createLogger, defineConfig, runnerImport, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import type * as CatalogueReport from "./app/domain/i18n/catalogue-report";

// Keep `npm run build` short: Vite's per-file size tables (about 55 lines, many `0.00 kB`) bury
// the lines that matter; warnings, errors and the "built in" summaries still show.
const logger = createLogger();
const info = logger.info.bind(logger);
logger.info = (msg, options) => {
  if (/\s\d+\.\d\d kB/.test(msg) || /^(transforming|rendering chunks|computing gzip)/.test(msg))
    return;
  info(msg, options);
};

/**
 * The catalogue check (decision 127) as part of `npm run build`: a shipped language missing a key,
 * or a message using a variable the English one does not give, stops the build instead of failing
 * a page. (A call leaving out a variable is a type error: `Translate` in catalogues.ts.)
 */
function catalogueCheck(): Plugin {
  return {
    name: "wanderlux-catalogue-check",
    apply: "build",
    async buildStart() {
      const { module } = await runnerImport<typeof CatalogueReport>(
        "./app/domain/i18n/catalogue-report.ts",
        { configFile: false, logLevel: "silent" },
      );
      const problems = module.shippedCatalogueProblems();
      if (problems.length) this.error(`message catalogues:\n  ${problems.join("\n  ")}`);
    },
  };
}

export default defineConfig({
  customLogger: logger,
  build: { reportCompressedSize: false },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server build's entry is our Express app (which imports the React Router server build),
  // so production runs one bundle: runtime start-up, migrations and request handling.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM, React Router and Vite's import helper in one request (decision 063).
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|^\0vite[\\/]preload-helper/,
                },
                // The small modules every public page shares (header, cards, icons): one request
                // instead of a dozen. Public modules only: admin code must never join this chunk.
                {
                  name: "site",
                  test: /[\\/]app[\\/](components[\\/](site[\\/](site-header|package-grid|package-card|rating|lazy-video-facade)|ui[\\/](icons|use-hydrated|site-image|image-words|when-wanted|carousel-dots))|domain[\\/](seo|whatsapp|fill-in))\.tsx?$/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node24" } },
  },
  plugins: [catalogueCheck(), reactRouter()],
});
