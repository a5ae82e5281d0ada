import { expect, it, vi } from "vitest";
import { configureMediaUrls, mediaUrlForKey } from "~/server/media/media-urls.server";

// Runs first: leaves an app module's state, a stubbed and a written variable behind.
vi.stubEnv("WLX_ISOLATION_STUBBED", "1");

it("leaves state behind", () => {
  process.env.WLX_ISOLATION_WRITTEN = "1";
  configureMediaUrls("https://bucket.s3.example.com");
  expect(mediaUrlForKey("a.jpg")).toBe("https://bucket.s3.example.com/a.jpg");
});
