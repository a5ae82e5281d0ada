import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  expectFlash,
  expectNoSeriousViolations,
  jsOn,
  pressUntilAnnounced,
} from "./support/expectations";

// The travel-moments admin, with JavaScript on and (for @nojs titles) off. The e2e
// database is shared and seeded with moments: every test makes its own (unique titles) and
// removes them again, and no test assumes how many there are beyond the limit of seven.

const SCREEN = "/admin/travel-moments";
const VIDEO = path.resolve("db/seed/assets/moment-lagoon-sunset.webm");
const OTHER_VIDEO = path.resolve("db/seed/assets/moment-ocean-cruise.webm");
const THUMBNAIL = path.resolve("db/seed/assets/moment-lagoon-sunset.webp");
const MAX_REACHED = "Maximum of 7 travel moments videos reached. Remove a video to add a new one.";

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

interface ApiMoment {
  id: string;
  title: string;
  isActive: boolean;
}

async function allMoments(page: Page): Promise<ApiMoment[]> {
  const response = await page.request.get("/api/travel-moments");
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiMoment[];
}

async function createViaApi(page: Page, title: string): Promise<ApiMoment> {
  const response = await page.request.post("/api/admin/travel-moments", {
    data: { title, videoUrl: `https://videos.example/${randomUUID()}.mp4`, duration: "0:30" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiMoment;
}

async function deleteViaApi(page: Page, ids: string[]) {
  for (const id of ids) await page.request.delete(`/api/admin/travel-moments/${id}`);
}

/** Removes every moment whose title starts with `prefix` (what a test made, even if it failed). */
async function cleanUp(page: Page, prefix: string) {
  const mine = (await allMoments(page)).filter((m) => m.title.startsWith(prefix));
  await deleteViaApi(
    page,
    mine.map((m) => m.id),
  );
}

const card = (page: Page, title: string) => page.getByRole("listitem").filter({ hasText: title });

test("@nojs create with a video and thumbnail, edit, switch inactive, delete; the home page follows", async ({
  adminPage: page,
  request,
}) => {
  const prefix = unique("E2E Moment");
  // `request` is a separate context without the admin's cookie: what a visitor gets (the home
  // page through the full-page cache, which every write must drop).
  try {
    await page.goto(SCREEN);
    test.skip((await allMoments(page)).length >= 7, "the shared reel is full");
    await page.getByRole("link", { name: "Add Video" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Video" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\?add$/);
    await dialog.getByLabel("Title").fill(prefix);
    await dialog.getByLabel("Description", { exact: true }).fill("  Reef at dawn  ");
    await dialog.getByLabel("Video file").setInputFiles(VIDEO);
    await dialog.getByLabel("Thumbnail image").setInputFiles(THUMBNAIL);
    const duration = dialog.getByLabel("Duration");
    if (jsOn()) {
      // Read from the video's own metadata, and still editable.
      await expect(duration).toHaveValue(/^0:0\d$/);
    }
    await duration.fill("0:07");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expectFlash(page, "Travel moments video created successfully!");
    await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
    const created = card(page, prefix);
    await expect(created).toBeVisible();
    await expect(created.getByText("Duration: 0:07")).toBeVisible();
    await expect(created.getByText("Active", { exact: true })).toBeVisible();
    await expect(created.locator("img")).toHaveAttribute("src", /^\/media\/travel-moments\//);
    expect(await (await request.get("/")).text()).toContain(prefix);

    // Edit: the dialog holds the moment's values; the video stays when none is chosen.
    await created.getByRole("link", { name: `Edit ${prefix}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Video" });
    await expect(edit.getByLabel("Title")).toHaveValue(prefix);
    await expect(edit.getByLabel("Description", { exact: true })).toHaveValue("Reef at dawn");
    await edit.getByLabel("Title").fill(`${prefix} renamed`);
    // Replacing the video: its own length replaces the saved duration (JavaScript only).
    await edit.getByLabel("Replace video file").setInputFiles(OTHER_VIDEO);
    if (jsOn()) await expect(edit.getByLabel("Duration")).not.toHaveValue("0:07");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectFlash(page, "Travel moments video updated successfully!");
    const renamed = card(page, `${prefix} renamed`);
    await expect(renamed).toBeVisible();

    // Inactive: off the home page and the public API on the next request.
    await renamed.getByRole("switch", { name: /Show on home page/ }).click();
    await expect(renamed.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(renamed.getByRole("switch")).toHaveAttribute("aria-checked", "false");
    expect(await (await request.get("/")).text()).not.toContain(prefix);
    expect(await (await request.get("/api/travel-moments")).text()).not.toContain(prefix);

    // Delete asks first, in the 'Delete Video' dialog.
    await renamed.getByRole("link", { name: `Delete ${prefix} renamed` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Video" });
    await expect(confirm).toContainText(`${prefix} renamed`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, "Travel moments video deleted successfully!");
    await expect(card(page, prefix)).toHaveCount(0);
  } finally {
    await cleanUp(page, prefix);
  }
});

test("@nojs every validation text of the Add Video form", async ({ adminPage: page }) => {
  const prefix = unique("E2E Invalid");
  const big = path.join(os.tmpdir(), `wlx-big-${randomUUID()}.webm`);
  try {
    await page.goto(SCREEN);
    test.skip((await allMoments(page)).length >= 7, "the shared reel is full");
    const before = (await allMoments(page)).length;
    await page.goto(`${SCREEN}?add`);
    const dialog = page.getByRole("dialog", { name: "Add Video" });
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Please select a video file to upload")).toBeVisible();
    // Focus starts on the first field to fix, with and without JavaScript.
    await expect(dialog.getByLabel("Title")).toBeFocused();

    await dialog.getByLabel("Title").fill(prefix);
    await dialog.getByLabel("Duration").fill("99:99:99");
    await dialog.getByLabel("Video file").setInputFiles(VIDEO);
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog.getByText("Duration must look like 2:30")).toBeVisible();

    // A file whose name says video but whose bytes do not: the server decides by the bytes.
    await dialog.getByLabel("Title").fill(prefix);
    await dialog.getByLabel("Duration").fill("2:30");
    await dialog.getByLabel("Video file").setInputFiles({
      name: "holiday.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from("this is not a video ".repeat(400)),
    });
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(
      dialog.getByText("Please upload a valid video file (MP4, AVI, MOV, WMV, FLV, WebM)"),
    ).toBeVisible();

    // Over 60 MB: with JavaScript refused before anything is sent; without, by the server.
    const fd = fs.openSync(big, "w");
    fs.writeSync(fd, fs.readFileSync(VIDEO).subarray(0, 8192));
    fs.ftruncateSync(fd, 62_914_560 + 512 * 1024);
    fs.closeSync(fd);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await dialog.getByLabel("Title").fill(prefix);
    await dialog.getByLabel("Video file").setInputFiles(big);
    if (jsOn()) {
      await expect(
        dialog.getByText(
          "Video file must be less than 60MB. Please compress your video or choose a smaller file.",
        ),
      ).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(
      dialog.getByText(
        "Video file must be less than 60MB. Please compress your video or choose a smaller file.",
      ),
    ).toBeVisible({ timeout: 20_000 });
    if (jsOn()) expect(posts, "nothing was uploaded").toEqual([]);
    expect((await allMoments(page)).length).toBe(before);
  } finally {
    fs.rmSync(big, { force: true });
    await cleanUp(page, prefix);
  }
});

test("@nojs at seven the notice shows, Add Video is disabled, and the server refuses an eighth", async ({
  adminPage: page,
}) => {
  const prefix = unique("E2E Limit");
  try {
    await page.goto(SCREEN);
    let count = (await allMoments(page)).length;
    // Leave one place free, open the dialog, then let "another admin" take the last place.
    while (count < 6) {
      await createViaApi(page, `${prefix} ${count}`);
      count++;
    }
    if (count === 6) {
      await page.goto(`${SCREEN}?add`);
      const dialog = page.getByRole("dialog", { name: "Add Video" });
      await expect(dialog).toBeVisible();
      await createViaApi(page, `${prefix} last`);
      await dialog.getByLabel("Title").fill(`${prefix} eighth`);
      await dialog.getByLabel("Video file").setInputFiles(VIDEO);
      await dialog.getByRole("button", { name: "Add Video" }).click();
      await expect(dialog.getByRole("alert")).toContainText(MAX_REACHED);
      if (jsOn()) {
        // The spec's 'Error' toast carries the server's message.
        const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Error" });
        await expect(toast).toContainText(MAX_REACHED);
      }
    }
    await page.goto(SCREEN);
    await expect(page.getByRole("status").filter({ hasText: MAX_REACHED })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Video" })).toBeDisabled();
    await expect(page.getByRole("link", { name: "Add Video" })).toHaveCount(0);
    await page.goto(`${SCREEN}?add`);
    await expect(page.getByRole("dialog", { name: "Add Video" })).toHaveCount(0);
    expect((await allMoments(page)).length).toBe(7);
  } finally {
    await cleanUp(page, prefix);
  }
  await page.goto(SCREEN);
  await expect(page.getByText(MAX_REACHED)).toHaveCount(0);
});

test("@nojs the move buttons reorder the reel", async ({ adminPage: page }) => {
  const prefix = unique("E2E Order");
  try {
    await page.goto(SCREEN);
    test.skip((await allMoments(page)).length >= 6, "the shared reel is too full");
    await createViaApi(page, `${prefix} A`);
    await createViaApi(page, `${prefix} B`);
    await page.goto(SCREEN);
    await page.getByRole("button", { name: `Move earlier: ${prefix} B` }).click();
    await expectFlash(page, "Travel moments videos reordered successfully!");
    const titles = (await allMoments(page)).map((m) => m.title);
    expect(titles.indexOf(`${prefix} B`)).toBe(titles.indexOf(`${prefix} A`) - 1);
    // The last card cannot move later.
    await expect(page.getByRole("button", { name: `Move later: ${prefix} A` })).toBeDisabled();
  } finally {
    await cleanUp(page, prefix);
  }
});

test("a submit that never reaches the server keeps its dialog with the spec's failure toast", async ({
  adminPage: page,
}) => {
  const prefix = unique("E2E Offline");
  // Every post to the screen fails as a dropped connection would; pages and reads still load.
  const drop = (url: URL) => url.pathname.startsWith(SCREEN);
  try {
    await page.goto(SCREEN);
    test.skip((await allMoments(page)).length >= 7, "the shared reel is full");
    const saved = await createViaApi(page, `${prefix} Saved`);
    await page.route(drop, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
    );

    await page.goto(`${SCREEN}?add`);
    const add = page.getByRole("dialog", { name: "Add Video" });
    await add.getByLabel("Title").fill(`${prefix} New`);
    await add.getByLabel("Video file").setInputFiles(VIDEO);
    await add.getByRole("button", { name: "Add Video" }).click();
    await expect(page.getByText("Failed to create video").first()).toBeVisible();
    // The dialog stays, with what the admin typed; no error screen.
    await expect(add.getByLabel("Title")).toHaveValue(`${prefix} New`);
    await expect(page.getByRole("heading", { name: "Travel Moments" })).toBeVisible();

    await page.goto(`${SCREEN}?edit=${saved.id}`);
    const edit = page.getByRole("dialog", { name: "Edit Video" });
    await edit.getByLabel("Title").fill(`${prefix} Renamed`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Failed to update video").first()).toBeVisible();
    await expect(edit.getByLabel("Title")).toHaveValue(`${prefix} Renamed`);

    await page.goto(`${SCREEN}?delete=${saved.id}`);
    const remove = page.getByRole("alertdialog", { name: "Delete Video" });
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Failed to delete video").first()).toBeVisible();
    await expect(remove).toBeVisible();

    // Nothing reached the server: the saved moment is as it was and no other was made.
    const mine = (await allMoments(page)).filter((m) => m.title.startsWith(prefix));
    expect(mine.map((m) => m.title)).toEqual([`${prefix} Saved`]);
  } finally {
    await page.unroute(drop);
    await cleanUp(page, prefix);
  }
});

test("drag and drop with the keyboard reorders the reel", async ({ adminPage: page }) => {
  const prefix = unique("E2E Drag");
  try {
    await page.goto(SCREEN);
    test.skip((await allMoments(page)).length >= 6, "the shared reel is too full");
    await createViaApi(page, `${prefix} A`);
    await createViaApi(page, `${prefix} B`);
    await page.goto(SCREEN);
    const handle = page.getByRole("button", { name: `Reorder ${prefix} B` });
    await handle.focus();
    await page.keyboard.press("Space");
    // Move only once the card is lifted and announced (the sensor measures the cards then), and
    // drop only once it is over its neighbour: a key pressed before either is a key a person
    // could not have pressed that fast.
    const announcer = page.locator("[id^='DndLiveRegion']");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await expect(announcer).toContainText(`${prefix} B (position`);
    await pressUntilAnnounced(page, "ArrowLeft", announcer, `is over ${prefix} A`);
    await page.keyboard.press("Space");
    await expectFlash(page, "Travel moments videos reordered successfully!");
    await expect
      .poll(async () => {
        const titles = (await allMoments(page)).map((m) => m.title);
        return titles.indexOf(`${prefix} B`) - titles.indexOf(`${prefix} A`);
      })
      .toBe(-1);
  } finally {
    await cleanUp(page, prefix);
  }
});

test("axe finds no serious or critical violations on the screen and its dialogs", async ({
  adminPage: page,
}) => {
  const prefix = unique("E2E Axe");
  try {
    await page.goto(SCREEN);
    const mine = (await allMoments(page)).length < 7 ? await createViaApi(page, prefix) : null;
    const some = mine ?? (await allMoments(page))[0]!;
    const screens: [string, (() => Promise<void>) | null][] = [
      [SCREEN, null],
      [`${SCREEN}?edit=${some.id}`, null],
      [`${SCREEN}?delete=${some.id}`, null],
      [
        `${SCREEN}?edit=${some.id}`,
        async () => {
          await page.getByRole("dialog").getByLabel("Title").fill("");
          await page.getByRole("button", { name: "Save Changes" }).click();
          await expect(page.getByText("Title is required")).toBeVisible();
        },
      ],
    ];
    if (mine) screens.splice(1, 0, [`${SCREEN}?add`, null]);
    for (const [url, act] of screens) {
      await page.goto(url);
      if (act) await act();
      await expectNoSeriousViolations(page, url);
    }
  } finally {
    await cleanUp(page, prefix);
  }
});
