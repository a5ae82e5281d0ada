import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { inviteAndAccept } from "./support/team";
import { expectFlash, expectNoSeriousViolations } from "./support/expectations";

// Review before publishing (decision 132), end to end with and without JavaScript: a Contributor
// submits a new draft for review, an Editor approves it on /admin/review and it goes live.
/** The trips the public API lists to a visitor (signed-in admins also see drafts there). */
async function liveTitles(browser: Browser): Promise<string[]> {
  const visitor = await browser.newContext();
  try {
    const response = await visitor.request.get("/api/trips");
    return ((await response.json()) as { title: string }[]).map((p) => p.title);
  } finally {
    await visitor.close();
  }
}

test("@nojs a Contributor submits a draft for review, an Editor approves it and it goes live", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Reviewed trip ${randomUUID().slice(0, 8)}`;
  const contributor = await inviteAndAccept(page, browser, "Contributor");
  const editor = await inviteAndAccept(page, browser, "Editor");
  try {
    const author = contributor.invitee;
    await author.goto("/admin/new-package");
    await author.getByLabel("Title").fill(title);
    await author.getByRole("button", { name: "Submit for review" }).click();
    await expect(author).toHaveURL(/\/admin\/dashboard$/);
    await expectFlash(author, "Submitted for review");
    const mine = author.getByRole("region", { name: "Your submissions" });
    await expect(mine).toContainText(`${title}: In review`);
    expect(await liveTitles(browser)).not.toContain(title);

    // The Contributor has no way into the queue.
    expect((await author.goto("/admin/review"))?.status()).toBe(403);
    // The refusal says which permission the role lacks, on the page itself.
    await expect(
      author.getByText(
        "Your role (Contributor) does not allow this: publishing, scheduling and changing live content.",
      ),
    ).toBeVisible();

    const reviewer = editor.invitee;
    await reviewer.goto("/admin/review");
    await expect(reviewer.getByRole("heading", { level: 1 })).toHaveText("Review");
    await expect(reviewer.getByRole("heading", { name: title })).toBeVisible();
    await expectNoSeriousViolations(reviewer, "/admin/review with a package");
    await reviewer.getByRole("button", { name: `Approve and publish ${title}` }).click();
    await expectFlash(reviewer, `Approved and published: ${title}.`);
    await expect(reviewer.getByRole("heading", { name: title })).toHaveCount(0);
    expect(await liveTitles(browser)).toContain(title);

    await author.goto("/admin/dashboard");
    await expect(author.getByText(`${title}: In review`)).toHaveCount(0);
  } finally {
    await contributor.close();
    await editor.close();
  }
});

test("@nojs a Contributor's change to a published trip waits for review; the live trip stays until an Editor approves it", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Live trip ${randomUUID().slice(0, 8)}`;
  const revised = `${title} revised`;
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Publish Package" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const listed = (await (await page.request.get("/api/trips")).json()) as {
    id: string;
    title: string;
  }[];
  const id = listed.find((p) => p.title === title)!.id;
  const contributor = await inviteAndAccept(page, browser, "Contributor");
  const editor = await inviteAndAccept(page, browser, "Editor");
  try {
    const author = contributor.invitee;
    await author.goto(`/admin/edit-package/${id}`);
    await author.getByLabel("Title").fill(revised);
    await author.getByRole("button", { name: "Submit for review" }).click();
    await expect(author).toHaveURL(/\/admin\/dashboard$/);
    await expectFlash(author, "Your changes were submitted for review");
    const live = await liveTitles(browser);
    expect(live).toContain(title);
    expect(live).not.toContain(revised);
    await author.goto(`/admin/edit-package/${id}`);
    await expect(author.getByRole("status").filter({ hasText: "Changes in review" })).toBeVisible();
    await expect(author.getByLabel("Title")).toHaveValue(revised);
    await expectNoSeriousViolations(author, "the package form with changes in review");

    const reviewer = editor.invitee;
    await reviewer.goto("/admin/review");
    const item = reviewer.getByRole("listitem").filter({ hasText: title });
    await expect(item.getByText("Changes in review")).toBeVisible();
    await item.getByText("See the changes").click();
    await expect(item.getByText(/^Title: .* → .*revised/)).toBeVisible();
    await expectNoSeriousViolations(reviewer, "/admin/review with proposed changes");
    await reviewer
      .getByRole("button", { name: `Approve and publish the changes ${title}` })
      .click();
    await expectFlash(reviewer, `Approved and published: ${title}.`);
    const after = await liveTitles(browser);
    expect(after).toContain(revised);
    expect(after).not.toContain(title);
  } finally {
    await contributor.close();
    await editor.close();
  }
});

test("@nojs a Contributor's German translation of a published trip waits for review; an Editor approves it", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const title = `Douro Valley ${tag}`;
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("textbox", { name: "Description" }).fill("Port wine and terraces.");
  await page.getByRole("button", { name: "Publish Package" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const listed = (await (await page.request.get("/api/trips")).json()) as {
    id: string;
    title: string;
  }[];
  const id = listed.find((p) => p.title === title)!.id;
  const germanTitle = `Douro-Tal ${tag}`;
  const slug = `douro-tal-${tag}`;
  const germanPage = async () => {
    const visitor = await browser.newContext();
    try {
      return (await visitor.request.get(`/de/package/${slug}`)).status();
    } finally {
      await visitor.close();
    }
  };
  const contributor = await inviteAndAccept(page, browser, "Contributor");
  const editor = await inviteAndAccept(page, browser, "Editor");
  try {
    const author = contributor.invitee;
    await author.goto(`/admin/translations/trip/${id}/de`);
    await expect(
      author.getByRole("heading", { name: "Your German changes are reviewed before they go live" }),
    ).toBeVisible();
    await author.getByLabel("Title · German").fill(germanTitle);
    await author.getByLabel("Description · German").fill("Portwein und Terrassen.");
    await author.getByLabel("Publish in German").check();
    await author.getByRole("button", { name: "Submit for review" }).click();
    await expectFlash(author, "Your German changes were submitted for review");
    await expect(author.getByRole("heading", { name: "Changes in review" })).toBeVisible();
    await expect(author.getByLabel("Title · German")).toHaveValue(germanTitle);
    await expectNoSeriousViolations(author, "the translation form in review");
    // Not on the German site until it is approved.
    expect(await germanPage()).toBe(404);

    const reviewer = editor.invitee;
    await reviewer.goto("/admin/review");
    const item = reviewer
      .getByRole("listitem")
      .filter({ hasText: "Translation (German) in review" });
    await expect(item.getByRole("heading", { name: title })).toBeVisible();
    await item.getByText("See the changes").click();
    await expect(item.getByText(`Title: (empty) → ${germanTitle}`)).toBeVisible();
    await expectNoSeriousViolations(reviewer, "/admin/review with a translation");
    await item
      .getByRole("button", { name: `Approve the German translation ${title} (German)` })
      .click();
    await expectFlash(reviewer, `Approved and published: ${title} (German).`);
    await expect(reviewer.getByText("Translation (German) in review")).toHaveCount(0);
    expect(await germanPage()).toBe(200);
  } finally {
    await contributor.close();
    await editor.close();
  }
});
