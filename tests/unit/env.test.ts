import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";

describe("environment", () => {
  it("has embedded defaults: PGlite in ./data, port 3000, demo seed on", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", DATA_DIR: "./data", SEED_DEMO: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("turns the demo seed off by default with DATABASE_URL, and honours SEED_DEMO", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@h/db" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u@h/db", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long enough password" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "a@example.com" }, "ADMIN_PASSWORD"],
    [{ S3_ENDPOINT: "not a url" }, "S3_ENDPOINT"],
    [{ SITE_WHATSAPP: "+27 (21) 555" }, "SITE_WHATSAPP"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp:/mail.example.com" }, "SMTP_URL"],
    [{ MAIL_FROM: "x" }, "MAIL_FROM"],
  ])("refuses %o with a message naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid environment:[\\s\\S]*${name}:`));
  });

  it("takes smtp:// and smtps:// URLs for SMTP_URL", () => {
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example.com:465",
    );
    expect(parseEnv({ SMTP_URL: "smtp://mail.example.com:587" }).SMTP_URL).toBe(
      "smtp://mail.example.com:587",
    );
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" })).toMatchObject({ PORT: 3000, SEED_DEMO: true });
  });
});
