import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { ADMIN, cookieNamed, ensureTestAdmin, formPost, startAuthServer } from "./auth-support";

// Issue 13: the flash cookie is signed, so no one can plant a message on the site.
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decode = (raw: string) =>
  JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Record<string, unknown>;

describe("flash messages cannot be planted", () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await ensureTestAdmin(database);
    server = await startAuthServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const pageWith = (flash: string) =>
    server.fetch("/about", { headers: { Cookie: `wlx_flash=${flash}` } });

  it("shows a flash the server signed, once", async () => {
    const signIn = await formPost(server, "/admin", ADMIN);
    const raw = cookieNamed(signIn, "wlx_flash")!.value;
    expect(decode(raw)).toMatchObject({ type: "success", sig: expect.any(String) });
    const page = await pageWith(raw);
    expect(await page.text()).toContain(String(decode(raw).message));
    expect(cookieNamed(page, "wlx_flash")?.attributes).toContain("Max-Age=0");
  });

  it("drops an unsigned or altered flash, and clears it", async () => {
    const planted = "Your account is suspended: call +1 555 0100 now";
    const unsigned = await pageWith(encode({ type: "error", message: planted }));
    expect(await unsigned.text()).not.toContain(planted);
    expect(cookieNamed(unsigned, "wlx_flash")?.attributes).toContain("Max-Age=0");

    const genuine = decode(
      cookieNamed(await formPost(server, "/admin", ADMIN), "wlx_flash")!.value,
    );
    const altered = await pageWith(encode({ ...genuine, message: planted }));
    expect(await altered.text()).not.toContain(planted);
    const wrongKey = await pageWith(encode({ ...genuine, sig: "A".repeat(43) }));
    expect(await wrongKey.text()).not.toContain(String(genuine.message));
  });
});
