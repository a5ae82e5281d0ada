import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { jsOn } from "./support/expectations";
import { tempDirs } from "../support/files";

// Media through the package form, with JavaScript (instant upload, progress, toasts) and without
// (@nojs: the files travel with the save). Every test makes its own package with a unique title.

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

const temp = tempDirs("wlx-e2e-media-");

let dir: string;
let image: string;
let video: string;
let svg: string;

test.beforeAll(async () => {
  dir = temp.make();
  image = path.join(dir, "lagoon.png");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a7f8f" } })
    .png()
    .toFile(image);
  // An MP4 by its bytes (ftyp box, brand isom); the page only has to offer it to <video>.
  video = path.join(dir, "reef.mp4");
  const bytes = Buffer.alloc(64 * 1024);
  Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex").copy(bytes);
  fs.writeFileSync(video, bytes);
  svg = path.join(dir, "logo.svg");
  fs.writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
});
test.afterAll(() => {
  temp.removeAll();
});

interface ApiPackage {
  id: string;
  title: string;
  images: string[];
  videos: { type: string; url: string }[];
}

async function findByTitle(page: Page, title: string): Promise<ApiPackage> {
  const response = await page.request.get("/api/trips");
  const found = ((await response.json()) as ApiPackage[]).find((p) => p.title === title);
  expect(found, title).toBeDefined();
  return found!;
}

test("@nojs an image and a video uploaded through the form show on the public page", async ({
  adminPage: page,
}) => {
  const title = unique("Lagoon Media");
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("$1,800");

  await page.getByLabel("Add images").setInputFiles(image);
  await page.getByLabel("Upload a video").setInputFiles(video);
  if (jsOn()) {
    // Uploaded at once: the tile and the entry appear before the save.
    await expect(page.getByText("Image uploaded successfully")).toBeVisible();
    await expect(page.getByText("Video uploaded successfully")).toBeVisible();
    await expect(page.getByRole("img", { name: "Cover of 1" })).toBeVisible();
    await expect(page.getByText("Uploaded Video", { exact: true })).toBeVisible();
  }
  await page.getByRole("button", { name: "Publish Package" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const saved = await findByTitle(page, title);
  expect(saved.images).toHaveLength(1);
  expect(saved.images[0]).toMatch(/^\/media\/packages\/\d{13}-[0-9a-f]{12}\.webp$/);
  expect(saved.videos).toEqual([
    expect.objectContaining({ type: "upload", url: expect.stringMatching(/\.mp4$/) }),
  ]);

  await page.goto(`/package/${saved.id}`);
  await expect(page.locator(`.gallery img[src="${saved.images[0]}"]`).first()).toBeVisible();
  await expect(page.locator(`video[src="${saved.videos[0]!.url}"]`)).toHaveCount(1);
  const served = await page.request.get(saved.videos[0]!.url, {
    headers: { Range: "bytes=0-15" },
  });
  expect(served.status()).toBe(206);
  expect(served.headers()["content-type"]).toBe("video/mp4");
});

test("a video over 60 MB is refused in the browser before uploading", async ({
  adminPage: page,
}) => {
  const big = path.join(dir, "big.mp4");
  const handle = fs.openSync(big, "w");
  fs.ftruncateSync(handle, 61 * 1024 * 1024);
  fs.closeSync(handle);
  await page.goto("/admin/new-package");
  let uploadsSent = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/admin/uploads") uploadsSent += 1;
  });
  await page.getByLabel("Upload a video").setInputFiles(big);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: 'File "big.mp4" is too large. Maximum size is 60MB.' }),
  ).toBeVisible();
  expect(uploadsSent).toBe(0);
  await expect(page.locator(".video-entry")).toHaveCount(0);
});

test("@nojs a file of the wrong type is refused with a clear message", async ({
  adminPage: page,
}) => {
  const title = unique("Wrong Type");
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("$10");
  await page.getByLabel("Add images").setInputFiles(svg);
  const message = '"logo.svg" is not a supported image';
  if (jsOn()) {
    await expect(page.getByText("Upload Failed")).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.locator(".media-tile")).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    // What was typed is still there.
    await expect(page.getByLabel("Title")).toHaveValue(title);
  }
});

test("an upload can be cancelled while it is on its way", async ({ adminPage: page }) => {
  await page.goto("/admin/new-package");
  // Hold the upload so it is still in flight when Cancel is pressed.
  await page.route("**/admin/uploads**", () => undefined);
  await page.getByLabel("Upload a video").setInputFiles(video);
  const progress = page.getByRole("list", { name: "Videos uploading" });
  await expect(progress.locator(".upload-progress-name")).toHaveText("reef.mp4");
  await expect(progress.locator("progress")).toHaveCount(1);
  await progress.getByRole("button", { name: /Cancel/ }).click();
  await expect(page.getByText('Upload of "reef.mp4" cancelled')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.locator(".video-entry")).toHaveCount(0);
});

test("images: extra files are ignored with a notice, make cover and remove", async ({
  adminPage: page,
}) => {
  const files = await Promise.all(
    ["#a33", "#3a3", "#33a", "#aa3", "#3aa"].map(async (color, i) => {
      const file = path.join(dir, `pick-${i}.png`);
      await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
        .png()
        .toFile(file);
      return file;
    }),
  );
  await page.goto("/admin/new-package");
  await page.getByLabel("Add images").setInputFiles(files);
  await expect(page.getByRole("status").filter({ hasText: "1 file was ignored" })).toBeVisible();
  await expect(page.locator(".media-tile")).toHaveCount(4);
  const tiles = page.locator(".media-tile img");
  const third = await tiles.nth(2).getAttribute("src");
  await page.getByRole("button", { name: "Make cover (image 3)" }).click();
  await expect(tiles.first()).toHaveAttribute("src", third!);
  await page.getByRole("button", { name: "Remove image 1" }).click();
  await expect(page.getByText("Image deleted successfully")).toBeVisible();
  await expect(page.locator(".media-tile")).toHaveCount(3);
  await expect(tiles.first()).not.toHaveAttribute("src", third!);
});

test("axe finds no serious or critical violations in the media sections with entries", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/new-package");
  await page.getByLabel("Add images").setInputFiles(image);
  await page.getByLabel("Upload a video").setInputFiles(video);
  await expect(page.locator(".media-tile")).toHaveCount(1);
  await expect(page.locator(".video-entry")).toHaveCount(1);
  await page.getByRole("button", { name: "Add Video URL" }).click();
  await page.getByLabel("Video URL 2").fill("https://vimeo.com/76979871");
  await expect(page.getByText("Vimeo", { exact: true })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include("#images-heading")
    .include(".package-form")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
});

test("@nojs video URL entries: source labels, required URL, reorder and remove, order kept", async ({
  adminPage: page,
}) => {
  const title = unique("Video Order");
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("$700");
  const videos = page.getByRole("region", { name: "Travel Moments Videos" });
  await videos.getByRole("button", { name: "Add Video URL" }).click();
  await videos.getByLabel("Video URL 1").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await videos.getByRole("button", { name: "Add Video URL" }).click();
  await videos.getByLabel("Video URL 2").fill("https://vimeo.com/76979871");
  await videos.getByRole("button", { name: "Add Video URL" }).click();
  // An entry without a URL is refused.
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(videos.getByText("Please enter a video URL")).toBeVisible();
  await videos.getByLabel("Video URL 3").fill("https://cdn.example.com/clip.mp4");
  await videos.getByLabel("Title (optional)").nth(2).fill("Sea kayak");
  await videos.getByLabel("Video URL 3").blur();
  await expect(videos.locator(".source-label")).toHaveText(["YouTube", "Vimeo", "External URL"]);

  await videos.getByRole("button", { name: "Move down video 1" }).click();
  await expect(videos.getByLabel("Video URL 1")).toHaveValue("https://vimeo.com/76979871");
  await videos.getByRole("button", { name: "Remove video 1" }).click();
  await expect(videos.getByLabel("Video URL 1")).toHaveValue(
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const saved = await findByTitle(page, title);
  expect(saved.videos.map((v) => [v.type, v.url])).toEqual([
    ["url", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["url", "https://cdn.example.com/clip.mp4"],
  ]);
});
