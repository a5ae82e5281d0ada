import { describe, expect, it } from "vitest";
import { requestSignIn, SIGN_IN_TEXTS } from "~/components/admin/sign-in-client";
import { contentSecurityPolicy, mediaOriginOf } from "~/server/http/security-headers.server";
import { isCrossSiteWrite, isCrossSiteWriteFrom } from "~/server/auth/security.server";

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe("content security policy", () => {
  it("allows inline scripts only with the request's nonce, and nothing framing us", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "abc123" }));
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toEqual([
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("adds the S3 media origin to images and media, and only in development relaxes scripts", () => {
    const csp = directives(
      contentSecurityPolicy({ nonce: "n", mediaOrigin: "https://cdn.example.com" }),
    );
    expect(csp["img-src"]).toContain("https://cdn.example.com");
    expect(csp["media-src"]).toContain("https://cdn.example.com");
    const dev = directives(contentSecurityPolicy({ nonce: "n", development: true }));
    expect(dev["script-src"]).toContain("'unsafe-inline'");
    expect(dev["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("takes the media origin only from absolute media URLs", () => {
    expect(mediaOriginOf("/media/")).toBeUndefined();
    expect(mediaOriginOf("https://bucket.s3.eu-west-1.amazonaws.com/")).toBe(
      "https://bucket.s3.eu-west-1.amazonaws.com",
    );
    expect(mediaOriginOf("http://127.0.0.1:9000/media/")).toBe("http://127.0.0.1:9000");
  });
});

describe("cross-site writes", () => {
  const own = "https://travel.example";
  it.each([
    ["POST", "cross-site", null, true],
    ["POST", "same-site", null, true],
    ["DELETE", null, "https://evil.example", true],
    ["PUT", null, "null", true],
    ["POST", "same-origin", "https://evil.example", true],
    ["POST", "same-origin", own, false],
    ["POST", "none", null, false],
    ["POST", null, null, false],
    ["GET", "cross-site", "https://evil.example", false],
  ])(
    "%s with Sec-Fetch-Site %s and Origin %s → cross-site %s",
    (method, site, origin, expected) => {
      expect(isCrossSiteWriteFrom(method, site, origin, own)).toBe(expected);
      const headers = new Headers();
      if (site) headers.set("Sec-Fetch-Site", site);
      if (origin) headers.set("Origin", origin);
      expect(isCrossSiteWrite(new Request(`${own}/admin`, { method, headers }))).toBe(expected);
    },
  );
});

describe("sign-in call of the login screen", () => {
  const answer = (status: number, body: unknown) => async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status });

  it("succeeds only when the status is ok and success is true", async () => {
    expect(await requestSignIn("a@b.co", "pw", answer(200, { success: true }))).toEqual({
      ok: true,
    });
    expect(await requestSignIn("a@b.co", "pw", answer(200, { success: false }))).toEqual({
      ok: false,
      error: SIGN_IN_TEXTS.failed,
    });
  });

  it("shows the server's error, or 'Login failed' when there is none", async () => {
    expect(
      await requestSignIn(
        "a@b.co",
        "pw",
        answer(401, { success: false, error: "Invalid credentials" }),
      ),
    ).toEqual({
      ok: false,
      error: "Invalid credentials",
    });
    expect(await requestSignIn("a@b.co", "pw", answer(500, {}))).toEqual({
      ok: false,
      error: "Login failed",
    });
  });

  it("reports network and parse failures as 'Login failed. Please try again.'", async () => {
    const offline = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await requestSignIn("a@b.co", "pw", offline)).toEqual({
      ok: false,
      error: "Login failed. Please try again.",
    });
    expect(await requestSignIn("a@b.co", "pw", answer(502, "<html>Bad gateway</html>"))).toEqual({
      ok: false,
      error: "Login failed. Please try again.",
    });
  });
});
