import { expect, it } from "vitest";
import { mediaUrlForKey } from "~/server/media/media-urls.server";

// Runs second, in the same worker: sees none of what the first file left.
it("starts clean", () => {
  expect(process.env.WLX_ISOLATION_WRITTEN).toBeUndefined();
  expect(process.env.WLX_ISOLATION_STUBBED).toBeUndefined();
  expect(mediaUrlForKey("a.jpg")).not.toContain("s3.example.com");
});
