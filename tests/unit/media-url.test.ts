import { describe, expect, it } from "vitest";
import { checkMediaUrl, MEDIA_URL_ERRORS } from "~/domain/media-url";
import { mediaUrlSchema, packageInputSchema, travelMomentInputSchema } from "~/domain/schemas";
import { contentSecurityPolicy } from "~/server/http/security-headers.server";

const refused = (url: string) => {
  const result = checkMediaUrl(url);
  return result.ok ? undefined : result.error;
};

describe("media URLs an admin may save", () => {
  it.each([
    ["/\\evil.example/x.png"],
    ["\\\\evil.example/x.png"],
    ["\\/evil.example/x.png"],
    ["//evil.example/x.png"],
    ["/\t/evil.example/x.png"],
    ["/\n/evil.example/x.png"],
  ])("refuses %j, which a browser loads from another host", (url) => {
    // What the browser does with it: resolved against the page, it leaves the site.
    expect(new URL(url, "https://travel.example").host).not.toBe("travel.example");
    expect(refused(url)).toBeDefined();
  });

  it("normalises site paths the way a browser resolves them", () => {
    expect(checkMediaUrl("/media/../media/packages/a.webp")).toEqual({
      ok: true,
      url: "/media/packages/a.webp",
    });
    expect(checkMediaUrl("/media/./seed/x.webp?v=1#t")).toEqual({
      ok: true,
      url: "/media/seed/x.webp?v=1#t",
    });
    expect(checkMediaUrl("/images/é.png")).toEqual({ ok: true, url: "/images/%C3%A9.png" });
  });

  it("takes https anywhere and http only from this machine (a local MinIO)", () => {
    expect(checkMediaUrl("https://videos.example/trip.mp4")).toEqual({
      ok: true,
      url: "https://videos.example/trip.mp4",
    });
    expect(checkMediaUrl("http://localhost:9000/wanderlux-media/packages/a.webp").ok).toBe(true);
    expect(checkMediaUrl("http://127.0.0.1:9000/b/a.webp").ok).toBe(true);
    expect(refused("http://videos.example/trip.mp4")).toBe(MEDIA_URL_ERRORS.https);
  });

  it.each([
    "javascript:alert(1)",
    "data:image/png;base64,iVBORw0KGgo=",
    "ftp://files.example/a.mp4",
    "https://user:secret@videos.example/a.mp4",
    "https://videos.example/a b.mp4",
    "not a url",
    "",
  ])("refuses %j", (url) => {
    expect(refused(url)).toBe(MEDIA_URL_ERRORS.invalid);
  });

  it("the schemas store the normalised URL and answer the check's message", () => {
    const parsed = packageInputSchema("trip").parse({
      title: "T",
      images: ["/media/x/../packages/a.webp"],
      videos: [{ type: "url", url: "https://www.youtube.com/watch?v=abc" }],
    });
    expect(parsed.images).toEqual(["/media/packages/a.webp"]);
    const bad = travelMomentInputSchema.safeParse({
      title: "M",
      videoUrl: "/\\evil.example/x.mp4",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MEDIA_URL_ERRORS.offSite);
    expect(mediaUrlSchema.safeParse("http://cdn.example/a.webp").error?.issues[0]?.message).toBe(
      MEDIA_URL_ERRORS.https,
    );
  });
});

describe("the CSP lets through every media URL the schema accepts", () => {
  const csp = Object.fromEntries(
    contentSecurityPolicy({ nonce: "n" })
      .split("; ")
      .map((d) => {
        const [name, ...values] = d.split(" ");
        return [name!, values];
      }),
  );
  /** A small CSP source-list matcher, enough for the sources this policy uses. */
  const allows = (sources: string[], url: string) => {
    if (url.startsWith("/")) return sources.includes("'self'");
    const u = new URL(url);
    return sources.some(
      (s) =>
        s === u.protocol ||
        s === u.origin ||
        (s.endsWith(":*") && s.slice(0, -2) === `${u.protocol}//${u.hostname}`),
    );
  };

  it.each([
    "https://videos.example/trip.mp4",
    "https://i.vimeocdn.com/video/1.jpg",
    "https://i.ytimg.com/vi/abc/hqdefault.jpg",
    "http://localhost:9000/wanderlux-media/travel-moments/a.mp4",
    "http://127.0.0.1:9000/b/a.webp",
    "/media/packages/a.webp",
  ])("%s loads as an image and as a video", (url) => {
    expect(checkMediaUrl(url).ok).toBe(true);
    expect(allows(csp["img-src"]!, url)).toBe(true);
    expect(allows(csp["media-src"]!, url)).toBe(true);
  });

  it("still refuses plain http elsewhere, which the schema refuses too", () => {
    expect(allows(csp["media-src"]!, "http://videos.example/a.mp4")).toBe(false);
  });
});
