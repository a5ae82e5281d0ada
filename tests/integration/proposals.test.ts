import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import {
  getPackageById,
  getPackageBySlug,
  listPublishedCards,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { proposalNoticeFor, reviewChanges } from "~/server/catalogue/proposal-screens.server";
import {
  discardProposal,
  PROPOSAL_MESSAGES,
  proposalOf,
  proposePackageChange,
} from "~/server/catalogue/proposals.server";
import {
  approveReview,
  listReviewQueue,
  reviewsOf,
  sendBackReview,
  submitForReview,
} from "~/server/catalogue/reviews.server";
import { storeImage } from "~/server/media/images.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { sweepUnattachedMedia } from "~/server/media/references.server";
import { configureMediaUrls, mediaUrlForKey } from "~/server/media/media-urls.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { filesUnder, tempDirs } from "../support/files";
import { recordingMailer } from "../support/recording-mailer";

const site = { name: "Wanderlux", publicUrl: "https://travel.example.com" };

/**
 * A Contributor's changes to a published package (decision 137): kept as a proposal while the
 * public reads serve the published version; approval applies it, send-back keeps it for its
 * author, discarding releases its files; a second proposal replaces the first; an Editor's direct
 * edit keeps the proposal, shown as made from an older version.
 */
describe.each(BACKENDS)("proposed changes to a published package (%s)", (backend) => {
  const { db } = useTestDatabase(backend);
  const temp = tempDirs("wlx-proposals-");
  const mediaDir = path.join(temp.make(), "media");
  const store = new LocalMediaStore(mediaDir);
  beforeAll(() => configureMediaUrls(store.publicBase));
  afterAll(() => temp.removeAll());

  async function image(): Promise<{ id: string; url: string }> {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 10 } },
    })
      .png()
      .toBuffer();
    const media = await storeImage(db(), store, new Uint8Array(png));
    return { id: media.id, url: mediaUrlForKey(media.storage_key) };
  }

  async function setUp() {
    const author = await createAdmin(
      db(),
      "writer@example.com",
      "a long passphrase",
      "contributor",
    );
    const editor = await createAdmin(db(), "editor@example.com", "a long passphrase", "editor");
    const live = await image();
    const pkg = await makePackage(db(), "trip", {
      title: "Sahara nights",
      description: "The published words.",
      status: "published",
      images: [live.url],
    });
    return { author, editor, pkg, live, notice: { mailer: recordingMailer(), site, media: store } };
  }

  const propose = (
    pkg: { id: string; updated_at: string },
    by: string,
    overrides: Parameters<typeof packageInput>[1],
    submit = true,
  ) =>
    proposePackageChange(
      db(),
      {
        kind: "trip",
        id: pkg.id,
        input: packageInput("trip", { title: "Sahara nights", ...overrides }),
        by,
        submit,
        expectedUpdatedAt: pkg.updated_at,
      },
      { media: store },
    );

  const mediaRow = (id: string) =>
    db().selectFrom("media_objects").select("id").where("id", "=", id).executeTakeFirst();

  async function publicDescription(slug: string) {
    const [bySlug, cards] = await Promise.all([
      getPackageBySlug(db(), "trip", slug),
      listPublishedCards(db(), "trip"),
    ]);
    return { description: bySlug?.description, title: cards[0]?.title, images: bySlug?.images };
  }

  it("keeps the published version on every public read while the proposal waits", async () => {
    const { author, pkg, live } = await setUp();
    const added = await image();
    const result = await propose(pkg, author.id, {
      title: "Sahara nights, revised",
      description: "The proposed words.",
      images: [live.url, added.url],
    });
    expect(result.message).toBe(PROPOSAL_MESSAGES.submitted);
    expect(await publicDescription(pkg.slug)).toEqual({
      description: "The published words.",
      title: "Sahara nights",
      images: [live.url],
    });
    // The live rows are untouched: the same updated_at, no new version.
    const after = await getPackageById(db(), "trip", pkg.id);
    expect(after?.updated_at).toBe(pkg.updated_at);
    const versions = await db()
      .selectFrom("content_versions")
      .select("number")
      .where("item_id", "=", pkg.id)
      .execute();
    expect(versions).toHaveLength(1);
    // The proposal holds the change and its new file, which the sweep leaves alone.
    const proposal = await proposalOf(db(), pkg.id);
    expect(proposal?.snapshot).toMatchObject({
      title: "Sahara nights, revised",
      description: "The proposed words.",
      images: [live.url, added.url],
    });
    expect(proposal?.mediaIds).toEqual(expect.arrayContaining([added.id, live.id]));
    await sweepUnattachedMedia(db(), store, new Date(Date.now() + 2 * 86_400_000));
    expect(await mediaRow(added.id)).toBeDefined();
    // In the queue as proposed changes, with what they change against the live version.
    const [item] = await listReviewQueue(db());
    expect(item).toMatchObject({ id: pkg.id, proposal: true, submittedBy: "writer@example.com" });
    expect(item!.changes.against).toBe("live");
    expect(item!.changes.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Title: .*Sahara nights.* → .*Sahara nights, revised/),
        "Description changed",
      ]),
    );
    expect(await reviewsOf(db(), author.id, "trip")).toEqual([
      expect.objectContaining({ id: pkg.id, state: "in_review", changes: true }),
    ]);
  });

  it("approval applies the proposal: published, a version by the approver, the author told", async () => {
    const { author, editor, pkg, live, notice } = await setUp();
    const added = await image();
    await propose(pkg, author.id, {
      title: "Sahara nights, revised",
      description: "The proposed words.",
      images: [added.url],
    });
    const result = await approveReview(db(), { kind: "trip", id: pkg.id, by: editor.id }, notice);
    expect(result).toMatchObject({ outcome: "published", mail: "sent" });
    expect(notice.mailer.sent[0]!.text).toContain("Your changes to");
    expect(await publicDescription(pkg.slug)).toEqual({
      description: "The proposed words.",
      title: "Sahara nights, revised",
      images: [added.url],
    });
    expect(await proposalOf(db(), pkg.id)).toBeUndefined();
    const state = await db()
      .selectFrom("packages")
      .select(["status", "review_state"])
      .where("id", "=", pkg.id)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ status: "published", review_state: null });
    const newest = await db()
      .selectFrom("content_versions")
      .select(["number", "admin_id"])
      .where("item_id", "=", pkg.id)
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    expect(newest).toEqual({ number: 2, admin_id: editor.id });
    // The replaced image stays: the first version (history) still uses it.
    expect(await mediaRow(live.id)).toBeDefined();
  });

  it("send-back keeps the live version and returns the proposal; discarding it leaves no file behind", async () => {
    const { author, editor, pkg, notice } = await setUp();
    const added = await image();
    await propose(pkg, author.id, { description: "Too short.", images: [added.url] });
    await sendBackReview(
      db(),
      { kind: "trip", id: pkg.id, by: editor.id, comment: "Say more about the camp." },
      notice,
    );
    expect(notice.mailer.sent[0]!.text).toContain("the published version stays live");
    expect((await publicDescription(pkg.slug)).description).toBe("The published words.");
    // The author sees the proposal with the comment on the form.
    const live = (await getPackageById(db(), "trip", pkg.id))!;
    const shown = await proposalNoticeFor(db(), live, { showsProposal: true });
    expect(shown?.notice).toMatchObject({
      state: "sent_back",
      comment: "Say more about the camp.",
      outdated: false,
    });
    expect(shown?.proposal.snapshot.description).toBe("Too short.");

    const files = filesUnder(mediaDir).length;
    const done = await discardProposal(
      db(),
      { kind: "trip", id: pkg.id, by: author.id },
      { media: store },
    );
    expect(done.message).toBe(PROPOSAL_MESSAGES.discarded);
    expect(await proposalOf(db(), pkg.id)).toBeUndefined();
    expect(await mediaRow(added.id)).toBeUndefined();
    expect(filesUnder(mediaDir).length).toBeLessThan(files);
    expect((await publicDescription(pkg.slug)).images).toHaveLength(1);
    expect(await reviewsOf(db(), author.id, "trip")).toEqual([]);
    // Nothing left to discard: a message, nothing changed.
    await expect(
      discardProposal(db(), { kind: "trip", id: pkg.id, by: author.id }, { media: store }),
    ).rejects.toThrow(PROPOSAL_MESSAGES.nothingToDiscard);
  });

  it("a second proposal replaces the first and releases the files only the first used", async () => {
    const { author, editor, pkg, notice } = await setUp();
    const first = await image();
    const second = await image();
    await propose(pkg, author.id, { description: "First try.", images: [first.url] }, false);
    const saved = await proposalNoticeFor(db(), (await getPackageById(db(), "trip", pkg.id))!, {
      showsProposal: true,
    });
    expect(saved?.notice.state).toBe("saved");
    expect(await listReviewQueue(db())).toEqual([]);
    await propose(pkg, author.id, { description: "Second try.", images: [second.url] });
    expect((await proposalOf(db(), pkg.id))?.snapshot.description).toBe("Second try.");
    expect(await mediaRow(first.id)).toBeUndefined();
    expect(await mediaRow(second.id)).toBeDefined();
    expect(await listReviewQueue(db())).toHaveLength(1);
    await approveReview(db(), { kind: "trip", id: pkg.id, by: editor.id }, notice);
    expect((await publicDescription(pkg.slug)).description).toBe("Second try.");
  });

  it("an Editor's edit while a proposal waits: the proposal is kept, shown as made from an older version", async () => {
    const { author, editor, pkg, notice } = await setUp();
    await propose(pkg, author.id, { title: "Sahara nights", description: "Proposed." });
    const edited = await updatePackage(
      db(),
      "trip",
      pkg.id,
      packageInput("trip", {
        title: "Sahara nights",
        description: "Edited live.",
        status: "published",
      }),
      { by: editor.id },
    );
    expect((await publicDescription(pkg.slug)).description).toBe("Edited live.");
    const changes = await reviewChanges(db(), pkg.id);
    expect(changes.outdated).toEqual({ basedOn: 1, live: 2 });
    expect(changes.changes).toContain("Description changed");
    const notice2 = await proposalNoticeFor(db(), edited, { showsProposal: false });
    expect(notice2?.notice).toMatchObject({ outdated: true, by: "writer@example.com" });
    // Approving replaces the Editor's later edit with the proposal, as the queue said.
    await approveReview(db(), { kind: "trip", id: pkg.id, by: editor.id }, notice);
    expect((await publicDescription(pkg.slug)).description).toBe("Proposed.");
  });

  it("refuses a proposal from a stale form or for a package that is not published, keeping nothing", async () => {
    const { author, pkg } = await setUp();
    await expect(
      propose({ id: pkg.id, updated_at: new Date(0).toISOString() }, author.id, {
        description: "Stale.",
      }),
    ).rejects.toMatchObject({ status: 409 });
    const draft = await makePackage(db(), "trip", { title: "Draft one", status: "draft" });
    await expect(propose(draft, author.id, { description: "On a draft." })).rejects.toThrow(
      PROPOSAL_MESSAGES.notPublished,
    );
    expect(await proposalOf(db(), pkg.id)).toBeUndefined();
    expect(await proposalOf(db(), draft.id)).toBeUndefined();
    expect((await publicDescription(pkg.slug)).description).toBe("The published words.");
    // The trial of a refused proposal left no version behind.
    const versions = await db()
      .selectFrom("content_versions")
      .select("number")
      .where("item_id", "=", pkg.id)
      .execute();
    expect(versions).toHaveLength(1);
  });

  it("compares a draft in review with its last published version, not the version before", async () => {
    const { author, editor, pkg } = await setUp();
    // Unpublished, then edited twice: the changes to review are all of them since it was live.
    await updatePackage(
      db(),
      "trip",
      pkg.id,
      packageInput("trip", { title: "Sahara nights", description: "Edit one.", status: "draft" }),
      { by: editor.id },
    );
    await updatePackage(
      db(),
      "trip",
      pkg.id,
      packageInput("trip", {
        title: "Sahara nights two",
        description: "Edit one.",
        status: "draft",
      }),
      { by: author.id },
    );
    await submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id });
    const [item] = await listReviewQueue(db());
    expect(item!.changes.against).toBe("last-published");
    expect(item!.changes.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Title: .*Sahara nights.* → .*Sahara nights two/),
        "Description changed",
        "Status: Published → Draft",
      ]),
    );
    const fresh = await makePackage(db(), "trip", { title: "Never live", status: "draft" });
    expect(await reviewChanges(db(), fresh.id)).toEqual({
      against: "never-published",
      changes: [],
    });
  });

  it("keeps a proposal's files out of the public media until approval (no package row names them)", async () => {
    const { author, pkg } = await setUp();
    const added = await image();
    await propose(pkg, author.id, { images: [added.url] });
    const rows = await db()
      .selectFrom("package_images")
      .select("url")
      .where("package_id", "=", pkg.id)
      .execute();
    expect(rows.map((r) => r.url)).not.toContain(added.url);
    expect(fs.existsSync(mediaDir)).toBe(true);
  });
});
