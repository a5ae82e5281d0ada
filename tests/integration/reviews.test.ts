import { describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import {
  approveReview,
  listReviewQueue,
  REVIEW_COMMENT_MAX,
  REVIEW_MESSAGES,
  reviewsOf,
  sendBackReview,
  submitForReview,
} from "~/server/catalogue/reviews.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { recordingMailer } from "../support/recording-mailer";

const site = { name: "Wanderlux", publicUrl: "https://travel.example.com" };

/** Review before publishing (decision 132): submit, approve, send back, on both backends. */
describe.each(BACKENDS)("review before publishing (%s)", (backend) => {
  const { db } = useTestDatabase(backend);

  async function setUp(overrides: Parameters<typeof makePackage>[2] = {}) {
    const author = await createAdmin(
      db(),
      "writer@example.com",
      "a long passphrase",
      "contributor",
    );
    const editor = await createAdmin(db(), "editor@example.com", "a long passphrase", "editor");
    const pkg = await makePackage(db(), "trip", {
      title: "Sahara nights",
      status: "draft",
      ...overrides,
    });
    return { author, editor, pkg, notice: { mailer: recordingMailer(), site } };
  }
  const state = (id: string) =>
    db()
      .selectFrom("packages")
      .select(["status", "review_state", "review_comment", "review_submitted_by", "publish_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const eventsOf = (type: string) =>
    db().selectFrom("events").selectAll().where("type", "=", type).execute();

  it("submits a draft: in review, listed in the queue with its author, an event", async () => {
    const { author, pkg } = await setUp();
    await submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id });
    expect(await state(pkg.id)).toMatchObject({
      status: "draft",
      review_state: "in_review",
      review_submitted_by: author.id,
    });
    const [item] = await listReviewQueue(db());
    expect(item).toMatchObject({
      id: pkg.id,
      title: "Sahara nights",
      submittedBy: "writer@example.com",
      historyPath: `/admin/history/trip/${pkg.id}`,
    });
    const [event] = await eventsOf("package.submitted_for_review");
    expect(event).toMatchObject({ admin_id: author.id });
    expect(await reviewsOf(db(), author.id, "trip")).toEqual([
      expect.objectContaining({ id: pkg.id, state: "in_review" }),
    ]);
  });

  it("refuses to submit a published package, changing nothing", async () => {
    const { author, pkg } = await setUp({ status: "published" });
    await expect(
      submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id }),
    ).rejects.toThrow(REVIEW_MESSAGES.notDraft);
    expect((await state(pkg.id)).review_state).toBeNull();
    expect(await eventsOf("package.submitted_for_review")).toHaveLength(0);
  });

  it("approves: published, out of the queue, an event, the author told by e-mail", async () => {
    const { author, editor, pkg, notice } = await setUp();
    await submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id });
    const result = await approveReview(db(), { kind: "trip", id: pkg.id, by: editor.id }, notice);
    expect(result).toMatchObject({ outcome: "published", mail: "sent" });
    expect(await state(pkg.id)).toMatchObject({ status: "published", review_state: null });
    expect(await listReviewQueue(db())).toEqual([]);
    const [event] = await eventsOf("package.review_approved");
    expect(event).toMatchObject({ admin_id: editor.id });
    expect(event!.details).toMatchObject({ id: pkg.id, outcome: "published" });
    expect(notice.mailer.sent).toHaveLength(1);
    expect(notice.mailer.sent[0]).toMatchObject({ to: "writer@example.com" });
    expect(notice.mailer.sent[0]!.text).toContain("is now live");
  });

  it("approves a scheduled package without publishing it: the schedule publishes it", async () => {
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    const { author, editor, pkg, notice } = await setUp({ publish_at: publishAt });
    await submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id });
    const result = await approveReview(db(), { kind: "trip", id: pkg.id, by: editor.id }, notice);
    expect(result.outcome).toBe("scheduled");
    const after = await state(pkg.id);
    expect(after).toMatchObject({ status: "draft", review_state: null });
    expect(after.publish_at).not.toBeNull();
  });

  it("sends back with a comment: a draft again, the comment on the author's dashboard, e-mailed", async () => {
    const { author, editor, pkg, notice } = await setUp();
    await submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id });
    await sendBackReview(
      db(),
      { kind: "trip", id: pkg.id, by: editor.id, comment: "  Add the itinerary.  " },
      notice,
    );
    expect(await state(pkg.id)).toMatchObject({
      status: "draft",
      review_state: "sent_back",
      review_comment: "Add the itinerary.",
    });
    expect(await reviewsOf(db(), author.id, "trip")).toEqual([
      expect.objectContaining({ state: "sent_back", comment: "Add the itinerary." }),
    ]);
    expect(notice.mailer.sent[0]!.text).toContain("Add the itinerary.");
    const [event] = await eventsOf("package.review_sent_back");
    expect(event!.details).toMatchObject({ comment: "Add the itinerary." });
  });

  it("refuses a send-back without a comment or with one too long, changing nothing", async () => {
    const { author, editor, pkg, notice } = await setUp();
    await submitForReview(db(), { kind: "trip", id: pkg.id, by: author.id });
    const by = editor.id;
    for (const [comment, message] of [
      ["   ", REVIEW_MESSAGES.commentRequired],
      [null, REVIEW_MESSAGES.commentRequired],
      ["x".repeat(REVIEW_COMMENT_MAX + 1), REVIEW_MESSAGES.commentTooLong],
    ] as const) {
      await expect(
        sendBackReview(db(), { kind: "trip", id: pkg.id, by, comment }, notice),
      ).rejects.toThrow(message);
    }
    expect(await state(pkg.id)).toMatchObject({ review_state: "in_review", review_comment: null });
    expect(notice.mailer.sent).toHaveLength(0);
    expect(await eventsOf("package.review_sent_back")).toHaveLength(0);
  });

  it("refuses to approve or send back what is not in review (handled already)", async () => {
    const { editor, pkg, notice } = await setUp();
    const input = { kind: "trip" as const, id: pkg.id, by: editor.id };
    await expect(approveReview(db(), input, notice)).rejects.toThrow(REVIEW_MESSAGES.notInReview);
    await expect(sendBackReview(db(), { ...input, comment: "No" }, notice)).rejects.toThrow(
      REVIEW_MESSAGES.notInReview,
    );
    expect(await state(pkg.id)).toMatchObject({ status: "draft", review_state: null });
  });
});
