import { describe, expect, it } from "vitest";
import { ADMIN, cookieNamed, useAuthServer } from "../support/auth-support";
import { formPost } from "../support/form-post";

// The flash cookie is signed, so no one can plant a message on the site.
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decode = (raw: string) =>
  JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Record<string, unknown>;

describe("flash messages cannot be planted", () => {
  const suite = useAuthServer();

  const pageWith = (flash: string, session?: string) =>
    suite.server.fetch("/about", {
      headers: { Cookie: `wlx_flash=${flash}${session ? `; wlx_session=${session}` : ""}` },
    });

  it("shows a flash the server signed, once", async () => {
    const signIn = await formPost(suite.server, "/admin", ADMIN);
    const raw = cookieNamed(signIn, "wlx_flash")!.value;
    expect(decode(raw)).toMatchObject({ type: "success", sig: expect.any(String) });
    // Shown with the session it was signed for (a flash is bound to it).
    const page = await pageWith(raw, cookieNamed(signIn, "wlx_session")!.value);
    expect(await page.text()).toContain(String(decode(raw).message));
    expect(cookieNamed(page, "wlx_flash")?.attributes).toContain("Max-Age=0");
  });

  it("drops an unsigned or altered flash, and clears it", async () => {
    const planted = "Your account is suspended: call +1 555 0100 now";
    const unsigned = await pageWith(encode({ type: "error", message: planted }));
    expect(await unsigned.text()).not.toContain(planted);
    expect(cookieNamed(unsigned, "wlx_flash")?.attributes).toContain("Max-Age=0");

    const genuine = decode(
      cookieNamed(await formPost(suite.server, "/admin", ADMIN), "wlx_flash")!.value,
    );
    const altered = await pageWith(encode({ ...genuine, message: planted }));
    expect(await altered.text()).not.toContain(planted);
    const wrongKey = await pageWith(encode({ ...genuine, sig: "A".repeat(43) }));
    expect(await wrongKey.text()).not.toContain(String(genuine.message));
  });
});
