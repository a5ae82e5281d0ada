import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_TEXTS } from "~/components/admin/sign-in-client";
import { FLASH_TTL_SECONDS } from "~/server/auth/toast.server";
import { ADMIN, cookieHeader, cookieNamed, useAuthServer } from "../support/auth-support";
import { formPost } from "../support/form-post";

// Decision 084: a captured flash cookie cannot be replayed forever. Its
// signature covers an expiry and the session the browser carries next, so it shows for a minute,
// in that browser session only.
const SIGNED_IN = SIGN_IN_TEXTS.success;

describe("flash cookies are bound to time and session", () => {
  const suite = useAuthServer();
  afterEach(() => {
    vi.useRealTimers();
  });

  const page = (cookie: string) => suite.server.fetch("/about", { headers: { Cookie: cookie } });
  const shows = async (cookie: string) => (await (await page(cookie)).text()).includes(SIGNED_IN);

  async function signIn() {
    const response = await formPost(suite.server, "/admin", ADMIN);
    const flash = cookieNamed(response, "wlx_flash")!.value;
    const session = cookieNamed(response, "wlx_session")!.value;
    return { flash, session, cookies: cookieHeader(response) };
  }

  it("shows a fresh flash with the session it was set for", async () => {
    const { cookies } = await signIn();
    expect(await shows(cookies)).toBe(true);
  });

  it("drops the same flash replayed after it expired", async () => {
    const { flash, session } = await signIn();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (FLASH_TTL_SECONDS + 5) * 1000 });
    const replay = await page(`wlx_session=${session}; wlx_flash=${flash}`);
    expect(await replay.text()).not.toContain(SIGNED_IN);
    // And clears it.
    expect(cookieNamed(replay, "wlx_flash")?.attributes).toContain("Max-Age=0");
  });

  it("drops a flash replayed without its session, or with another one", async () => {
    const first = await signIn();
    const second = await signIn();
    expect(await shows(`wlx_flash=${first.flash}`)).toBe(false);
    expect(await shows(`wlx_session=${second.session}; wlx_flash=${first.flash}`)).toBe(false);
    expect(await shows(`wlx_session=${first.session}; wlx_flash=${first.flash}`)).toBe(true);
  });

  it("shows a flash set while signing out to the browser that has no session any more", async () => {
    const { cookies } = await signIn();
    const out = await suite.server.fetch("/admin/sign-out", {
      method: "POST",
      headers: {
        Cookie: cookies,
        Origin: suite.server.url,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    const flash = cookieNamed(out, "wlx_flash")!.value;
    const text = await (await page(`wlx_flash=${flash}`)).text();
    expect(text).toContain(SIGN_IN_TEXTS.signedOut);
  });
});
