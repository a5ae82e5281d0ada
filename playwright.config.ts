import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "wlx-e2e-"));
// The app's e-mail goes to the suite's own SMTP server (tests/e2e/support/mail-capture.ts), which
// files each message where specs read it. Set here, in the runner, so the workers inherit them.
process.env.E2E_SMTP_PORT ??= String(PORT + 1000);
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "wlx-e2e-mail-"));

export const E2E_ADMIN = { email: "admin@example.com", password: "correct horse battery staple" };

const launchOptions = {
  ...(chromium ? { executablePath: chromium } : {}),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--no-first-run",
    "--disable-quic",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const jsOn = { ...devices["Desktop Chrome"], launchOptions };
const jsOff = { ...jsOn, javaScriptEnabled: false };
/**
 * Specs whose counts and positions see every package of a kind (the paged lists, reordering): no
 * other spec may add one meanwhile, so they run one at a time after all the others.
 */
const SERIAL = /admin-(list-paging|reorder)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Two spec files at a time (decision 163): one worker leaves a third of this 2-core machine idle
  // while a page loads. Specs share one server and database, so each reads only what it made
  // itself, or runs in the serial projects below.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/support/mail-capture.ts",
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: jsOn, testIgnore: SERIAL },
    { name: "no-js", use: jsOff, grep: /@nojs/, testIgnore: SERIAL },
    // Specs that count what the whole database holds run alone, after the others. A failure in
    // the projects they depend on skips them (the run is red already); `--no-deps` runs them alone.
    { name: "js-serial", use: jsOn, testMatch: SERIAL, dependencies: ["js", "no-js"], workers: 1 },
    {
      name: "no-js-serial",
      use: jsOff,
      grep: /@nojs/,
      testMatch: SERIAL,
      dependencies: ["js-serial"],
      workers: 1,
    },
  ],
  webServer: {
    command: "node server.ts",
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      // Two languages, so the switcher, hreflang and the German pages are tested (decision 128).
      SITE_LANGUAGES: "en,de",
      // Journeys that are not about the public forms' per-address limit send their forms from an
      // address of their own (X-Forwarded-For), so the suite's many posts never reach it.
      TRUST_PROXY: "1",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      // argon2id's cheapest cost: every spec signs in (decision 152).
      UNSAFE_TEST_PASSWORD_HASHING: "1",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Wanderlux <no-reply@travel.example.com>",
      // Visitors get the enquiry acknowledgement, so its language is tested (decision 148).
      ENQUIRY_ACK: "true",
    },
  },
});
