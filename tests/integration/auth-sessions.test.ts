import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { describeUserAgent } from "~/domain/user-agent";
import { listEvents } from "~/server/events/events.server";
import {
  ADMIN,
  apiLogin,
  cookieHeader,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1";
const keyOf = (cookie: string) =>
  createHash("sha256").update(cookie.split("wlx_session=")[1]!.split(";")[0]!).digest("hex");

describe("Settings → Sessions", () => {
  const suite = useAuthServer();
  const signIn = async (userAgent: string) =>
    cookieHeader(await apiLogin(suite.server, ADMIN, { "User-Agent": userAgent }));
  const alive = async (cookie: string) =>
    (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: cookie } })).status === 200;

  it("names browsers from the user agent", () => {
    expect(describeUserAgent(FIREFOX)).toBe("Firefox on Linux");
    expect(describeUserAgent(CHROME)).toBe("Chrome on Windows");
    expect(describeUserAgent(SAFARI)).toBe("Safari on iOS");
    expect(describeUserAgent(null)).toBe("Unknown browser");
  });

  it("lists the admin's own sessions, this device marked, and signs out one or all others", async () => {
    const mine = await signIn(FIREFOX);
    const laptop = await signIn(CHROME);
    const phone = await signIn(SAFARI);
    await createAdmin(suite.database.db, "colleague@example.com", "another long passphrase");
    const colleague = await signedInCookie(
      suite.server,
      "colleague@example.com",
      "another long passphrase",
    );

    const page = await (
      await suite.server.fetch("/admin/settings", { headers: { Cookie: mine } })
    ).text();
    expect(page).toContain("Firefox on Linux (this device)");
    expect(page).toContain("Chrome on Windows");
    expect(page).toContain("Safari on iOS");
    expect(page).toContain("127.0.0.1");
    expect(page).toContain("Sign out all other sessions");
    expect(page).not.toContain(keyOf(colleague));
    expect(page).not.toContain(mine.split("wlx_session=")[1]!.split(";")[0]!);

    const one = await formPost(
      suite.server,
      "/admin/settings",
      { intent: "session-sign-out", session: keyOf(laptop) },
      { Cookie: mine },
    );
    expect(one.status).toBe(302);
    expect(await alive(laptop)).toBe(false);
    expect(await alive(phone)).toBe(true);

    // Another admin's session, a made-up key and garbage: 404, nothing signed out.
    for (const session of [keyOf(colleague), "f".repeat(64), "nope"]) {
      const refused = await formPost(
        suite.server,
        "/admin/settings",
        { intent: "session-sign-out", session },
        { Cookie: mine },
      );
      expect(refused.status, session).toBe(404);
      expect(await refused.text()).toContain("No such session");
    }
    expect(await alive(colleague)).toBe(true);

    const others = await formPost(
      suite.server,
      "/admin/settings",
      { intent: "sessions-sign-out-others" },
      { Cookie: mine },
    );
    expect(others.status).toBe(302);
    expect(await alive(phone)).toBe(false);
    expect(await alive(mine)).toBe(true);
    expect(await alive(colleague)).toBe(true);
    const signOuts = await listEvents(suite.database.db, { type: "auth.sign_out" });
    expect(signOuts.map((e) => e.details)).toEqual(
      expect.arrayContaining([{ from: "settings" }, { from: "settings", sessions: 1 }]),
    );
  });
});
