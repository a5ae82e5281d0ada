import { sql } from "kysely";
import { formatReceived } from "~/domain/dates";
import { kindInfo, kindMessages } from "~/domain/package-kinds";
import {
  isShippedLanguage,
  LANGUAGE_NAMES_IN_ENGLISH,
  type Language,
} from "~/domain/i18n/languages";
import { isUuid, type PackageKind } from "~/domain/schemas";
import type { PackageTranslation } from "~/domain/translations";
import { describeTranslationChanges, historyPath } from "~/domain/versions";
import { recordEvent } from "../events/events.server";
import type { Mailer, MailOutcome } from "../mail/mailer.server";
import type { MediaStore } from "../media/media-store.server";
import { releaseQuietly } from "../media/references.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import type { Db } from "../platform/db.server";
import { inTransaction } from "../platform/db.server";
import { badRequest, conflict, notFound } from "../platform/errors.server";
import { setPackageStatus } from "./packages.server";
import { reviewChanges, type ReviewChanges } from "./proposal-screens.server";
import { applyProposal } from "./proposals.server";
import {
  TRANSLATION_REVIEW_MESSAGES,
  translationReviewsOf,
  translationsInReview,
  type TranslationProposalState,
} from "./translation-proposals.server";
import { translationPath } from "./translation-screens.server";
import { applyPackageTranslation, packageTranslation } from "./translations.server";

/*
 * Review before publishing (decision 132). A Contributor submits a draft package: it is "in
 * review" and listed on /admin/review. An Editor (or above) approves it, which publishes it (or
 * leaves it to its schedule, when a publish time is set), or sends it back with a comment, which
 * returns it to the Contributor as a draft. The submitter is told by e-mail and on the dashboard;
 * each step is an event in the activity log.
 */

export type ReviewState = "in_review" | "sent_back";

/** The longest comment a send-back may carry (the column refuses longer). */
export const REVIEW_COMMENT_MAX = 1000;

export const REVIEW_MESSAGES = {
  submitted: "Submitted for review. An Editor will approve it or send it back.",
  notDraft: "Only a draft can be submitted for review. Nothing was changed.",
  notInReview:
    "This package is not waiting for review (someone may have handled it). Nothing was changed.",
  commentRequired: "Write a comment: say what to change before it can be published.",
  commentTooLong: `The comment is too long: at most ${REVIEW_COMMENT_MAX} characters.`,
} as const;

const packageNotFound = (kind: PackageKind) => notFound(kindMessages(kind).notFound);

async function lockedPackage(trx: Db, kind: PackageKind, id: string) {
  if (!isUuid(id)) throw packageNotFound(kind);
  const row = await trx
    .selectFrom("packages")
    .select([
      "id",
      "title",
      "status",
      "publish_at",
      "review_state",
      "review_submitted_by",
      "review_submitted_at",
    ])
    .where("kind", "=", kind)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw packageNotFound(kind);
  return row;
}

/** Marks a draft "in review" for `by`; a package already in review stays as it is. */
export async function submitForReview(
  db: Db,
  input: { kind: PackageKind; id: string; by: string },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const pkg = await lockedPackage(trx, input.kind, input.id);
    if (pkg.status !== "draft") throw conflict(REVIEW_MESSAGES.notDraft);
    if (pkg.review_state === "in_review") return;
    await trx
      .updateTable("packages")
      .set({
        review_state: "in_review",
        review_submitted_by: input.by,
        review_submitted_at: sql<Date>`now()`,
        review_comment: null,
      })
      .where("id", "=", pkg.id)
      .execute();
    await recordEvent(trx, {
      type: "package.submitted_for_review",
      adminId: input.by,
      details: { kind: input.kind, id: pkg.id, title: pkg.title },
    });
  });
}

export interface ReviewQueueItem {
  kind: PackageKind;
  id: string;
  title: string;
  submittedBy: string;
  submittedAt: string;
  /** A publish time set on the package: approving leaves the publishing to the schedule. */
  publishAt: string | null;
  /** The package's history: each version with what changed from the one before. */
  historyPath: string;
  editPath: string;
  /** Proposed changes to a published package (decision 137), not a draft. */
  proposal: boolean;
  /** "See the changes": against the live (last published) version. */
  changes: ReviewChanges;
  /** A pending translation (decision 146): its language; the package itself is not in review. */
  translation?: { lang: Language; name: string };
}

/** The packages waiting for review, oldest submission first. */
export async function listReviewQueue(db: Db): Promise<ReviewQueueItem[]> {
  const rows = await db
    .selectFrom("packages as p")
    .leftJoin("admins as a", "a.id", "p.review_submitted_by")
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "p.publish_at",
      "p.review_submitted_at",
      "a.email",
      "a.name",
    ])
    .where("p.review_state", "=", "in_review")
    .where("p.deleted_at", "is", null)
    .orderBy("p.review_submitted_at")
    .orderBy("p.id")
    .execute();
  const changes = await Promise.all(rows.map((row) => reviewChanges(db, row.id)));
  const packages: ReviewQueueItem[] = rows.map((row, i) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    proposal: changes[i]!.against === "live",
    changes: changes[i]!,
    submittedBy: row.name ?? row.email ?? "A former admin",
    submittedAt: new Date(row.review_submitted_at ?? Date.now()).toISOString(),
    publishAt: row.publish_at === null ? null : new Date(row.publish_at).toISOString(),
    historyPath: historyPath(row.kind, row.id),
    editPath: kindInfo(row.kind).admin.editPath(row.id),
  }));
  const translations = await translationQueue(db);
  return [...packages, ...translations].sort((a, b) =>
    a.submittedAt === b.submittedAt ? 0 : a.submittedAt < b.submittedAt ? -1 : 1,
  );
}

/** The pending translations in review (decision 146), each compared with the live translation. */
async function translationQueue(db: Db): Promise<ReviewQueueItem[]> {
  const rows = (await translationsInReview(db)).filter((row) => isShippedLanguage(row.lang));
  return Promise.all(
    rows.map(async (row) => {
      const lang = row.lang as Language;
      const [live, proposal] = await Promise.all([
        packageTranslation(db, row.id, lang),
        db
          .selectFrom("translation_proposals")
          .select("value")
          .where("package_id", "=", row.id)
          .where("lang", "=", lang)
          .executeTakeFirstOrThrow(),
      ]);
      const value = proposal.value as unknown as PackageTranslation;
      return {
        kind: row.kind,
        id: row.id,
        title: row.title,
        proposal: true,
        translation: { lang, name: LANGUAGE_NAMES_IN_ENGLISH[lang] },
        changes: {
          against: live ? ("live-translation" as const) : ("new-translation" as const),
          changes: describeTranslationChanges(live ?? null, value),
        },
        submittedBy: row.name ?? row.email ?? "A former admin",
        submittedAt: new Date(row.submitted_at ?? row.updated_at).toISOString(),
        publishAt: null,
        historyPath: historyPath(row.kind, row.id),
        editPath: translationPath(row.kind, row.id, lang),
      };
    }),
  );
}

/** An author's own packages of `kind` with a review state, for their dashboard. */
export async function reviewsOf(db: Db, adminId: string, kind: PackageKind) {
  const rows = await db
    .selectFrom("packages as p")
    .leftJoin("package_proposals as pp", "pp.package_id", "p.id")
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "p.review_state",
      "p.review_comment",
      "pp.package_id as proposal",
    ])
    .where("p.review_submitted_by", "=", adminId)
    .where("p.kind", "=", kind)
    .where("p.review_state", "is not", null)
    .where("p.deleted_at", "is", null)
    .orderBy("p.review_submitted_at", "desc")
    .execute();
  const translations = await translationReviewsOf(db, adminId, kind);
  return [
    ...rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      state: row.review_state as ReviewState,
      comment: row.review_comment,
      changes: row.proposal !== null,
      editPath: kindInfo(row.kind).admin.editPath(row.id),
    })),
    // A pending translation (decision 146): "Kruger Safari (German translation)".
    ...translations
      .filter((row) => isShippedLanguage(row.lang))
      .map((row) => ({
        id: `${row.id}:${row.lang}`,
        kind: row.kind,
        title: `${row.title} (${LANGUAGE_NAMES_IN_ENGLISH[row.lang as Language]} translation)`,
        state: row.state as Exclude<TranslationProposalState, "saved">,
        comment: row.comment,
        changes: true,
        editPath: translationPath(row.kind, row.id, row.lang),
      })),
  ];
}

export interface ReviewNotice {
  mailer: Mailer;
  site: MailSite;
  /** The store whose files an applied proposal no longer uses are released from (decision 137). */
  media?: MediaStore;
  /** SITE_CURRENCY, for an applied proposal's departures that name none. */
  currency?: string;
}

export interface ReviewDecision {
  kind: PackageKind;
  id: string;
  by: string;
}

export type ReviewOutcome = {
  title: string;
  outcome: "published" | "scheduled" | "sent_back";
  mail: MailOutcome["status"] | "no_submitter";
};

/** Publishes the package (or leaves it to its schedule) and tells its submitter. */
export async function approveReview(
  db: Db,
  input: ReviewDecision,
  notice: ReviewNotice,
): Promise<ReviewOutcome> {
  const decided = await inTransaction(db, async (trx) => {
    const pkg = await lockedPackage(trx, input.kind, input.id);
    if (pkg.review_state !== "in_review") throw conflict(REVIEW_MESSAGES.notInReview);
    // Proposed changes to a published package are applied and published now (decision 137).
    const released = await applyProposal(trx, input.kind, pkg.id, input.by, notice.currency);
    const proposal = released !== null;
    const scheduled = !proposal && pkg.publish_at !== null;
    await trx
      .updateTable("packages")
      .set({ review_state: null, review_comment: null })
      .where("id", "=", pkg.id)
      .execute();
    // Publishing records its own version and event; a schedule's job publishes it later.
    if (!scheduled && !proposal)
      await setPackageStatus(trx, input.kind, pkg.id, "published", { by: input.by });
    await recordEvent(trx, {
      type: "package.review_approved",
      adminId: input.by,
      details: {
        kind: input.kind,
        id: pkg.id,
        title: pkg.title,
        outcome: scheduled ? "scheduled" : "published",
        ...(proposal ? { proposal: true } : {}),
      },
    });
    return {
      pkg,
      released: released ?? [],
      proposal,
      outcome: scheduled ? ("scheduled" as const) : ("published" as const),
    };
  });
  // The files the package and the proposal used before and nothing uses now.
  if (notice.media && decided.released.length)
    await releaseQuietly(db, notice.media, decided.released);
  const mail = await tellSubmitter(db, decided.pkg.review_submitted_by, notice, {
    subject: `Approved: ${decided.pkg.title}`,
    lines: [
      decided.proposal
        ? `Your changes to "${decided.pkg.title}" were approved and are now live.`
        : decided.outcome === "published"
          ? `"${decided.pkg.title}" was approved and is now live.`
          : `"${decided.pkg.title}" was approved and will be published at its scheduled time.`,
    ],
    path: kindInfo(input.kind).admin.editPath(decided.pkg.id),
  });
  return { title: decided.pkg.title, outcome: decided.outcome, mail };
}

/** Checks a send-back comment: required, at most REVIEW_COMMENT_MAX characters. */
export function reviewComment(value: unknown): string {
  const comment = typeof value === "string" ? value.trim() : "";
  if (!comment)
    throw badRequest(REVIEW_MESSAGES.commentRequired, {
      comment: [REVIEW_MESSAGES.commentRequired],
    });
  if (comment.length > REVIEW_COMMENT_MAX)
    throw badRequest(REVIEW_MESSAGES.commentTooLong, { comment: [REVIEW_MESSAGES.commentTooLong] });
  return comment;
}

/** Returns the package to its submitter as a draft, with the reviewer's comment. */
export async function sendBackReview(
  db: Db,
  input: ReviewDecision & { comment: unknown },
  notice: ReviewNotice,
): Promise<ReviewOutcome> {
  const comment = reviewComment(input.comment);
  const pkg = await inTransaction(db, async (trx) => {
    const locked = await lockedPackage(trx, input.kind, input.id);
    if (locked.review_state !== "in_review") throw conflict(REVIEW_MESSAGES.notInReview);
    // A proposal stays with its author to revise or discard; the live package is untouched.
    await trx
      .updateTable("packages")
      .set({ review_state: "sent_back", review_comment: comment })
      .where("id", "=", locked.id)
      .execute();
    await recordEvent(trx, {
      type: "package.review_sent_back",
      adminId: input.by,
      details: { kind: input.kind, id: locked.id, title: locked.title, comment },
    });
    return locked;
  });
  const mail = await tellSubmitter(db, pkg.review_submitted_by, notice, {
    subject: `Sent back: ${pkg.title}`,
    lines: [
      pkg.status === "published"
        ? `Your changes to "${pkg.title}" were sent back to you with this comment (the published version stays live):`
        : `"${pkg.title}" was sent back to you with this comment:`,
      comment,
    ],
    path: kindInfo(input.kind).admin.editPath(pkg.id),
  });
  return { title: pkg.title, outcome: "sent_back", mail };
}

/** A decision on a pending translation (decision 146): the package and the language. */
export interface TranslationReviewDecision extends ReviewDecision {
  lang: Language;
}

/** The pending translation in review, locked for this transaction, with its package. */
async function lockedTranslationProposal(trx: Db, input: TranslationReviewDecision) {
  const pkg = await lockedPackage(trx, input.kind, input.id);
  const proposal = await trx
    .selectFrom("translation_proposals")
    .select(["value", "state", "proposed_by"])
    .where("package_id", "=", pkg.id)
    .where("lang", "=", input.lang)
    .forUpdate()
    .executeTakeFirst();
  if (!proposal || proposal.state !== "in_review")
    throw conflict(TRANSLATION_REVIEW_MESSAGES.notInReview);
  return { pkg, proposal };
}

/**
 * Applies a pending translation through the direct save's write (slug checks, slug history, its
 * event) and deletes it, in one transaction: the live translation and the page (its cache trigger
 * fires) change now. A slug another package took meanwhile refuses the approval (409, the
 * proposal kept in review, nothing changed). The author is told by e-mail.
 */
export async function approveTranslationReview(
  db: Db,
  input: TranslationReviewDecision,
  notice: ReviewNotice,
): Promise<ReviewOutcome> {
  const language = LANGUAGE_NAMES_IN_ENGLISH[input.lang];
  const decided = await inTransaction(db, async (trx) => {
    const { pkg, proposal } = await lockedTranslationProposal(trx, input);
    const value = proposal.value as unknown as PackageTranslation;
    const applied = await applyPackageTranslation(
      trx,
      { id: pkg.id, kind: input.kind, title: pkg.title },
      input.lang,
      value,
      input.by,
    );
    if (!applied.ok)
      throw conflict(
        `${applied.slug} The ${language} translation was not approved: send it back with a comment so its author picks another slug.`,
      );
    await trx
      .deleteFrom("translation_proposals")
      .where("package_id", "=", pkg.id)
      .where("lang", "=", input.lang)
      .execute();
    await recordEvent(trx, {
      type: "package.translation_review_approved",
      adminId: input.by,
      details: { kind: input.kind, id: pkg.id, title: pkg.title, language },
    });
    return { pkg, author: proposal.proposed_by };
  });
  const mail = await tellSubmitter(db, decided.author, notice, {
    subject: `Approved: ${decided.pkg.title} (${language})`,
    lines: [
      decided.pkg.status === "published"
        ? `Your ${language} translation of "${decided.pkg.title}" was approved and is now live.`
        : `Your ${language} translation of "${decided.pkg.title}" was approved; it goes live with the package.`,
    ],
    path: translationPath(input.kind, decided.pkg.id, input.lang),
  });
  return { title: `${decided.pkg.title} (${language})`, outcome: "published", mail };
}

/** Returns a pending translation to its author with the reviewer's comment; nothing goes live. */
export async function sendBackTranslationReview(
  db: Db,
  input: TranslationReviewDecision & { comment: unknown },
  notice: ReviewNotice,
): Promise<ReviewOutcome> {
  const comment = reviewComment(input.comment);
  const language = LANGUAGE_NAMES_IN_ENGLISH[input.lang];
  const decided = await inTransaction(db, async (trx) => {
    const { pkg, proposal } = await lockedTranslationProposal(trx, input);
    await trx
      .updateTable("translation_proposals")
      .set({ state: "sent_back", comment })
      .where("package_id", "=", pkg.id)
      .where("lang", "=", input.lang)
      .execute();
    await recordEvent(trx, {
      type: "package.translation_review_sent_back",
      adminId: input.by,
      details: { kind: input.kind, id: pkg.id, title: pkg.title, language, comment },
    });
    return { pkg, author: proposal.proposed_by };
  });
  const mail = await tellSubmitter(db, decided.author, notice, {
    subject: `Sent back: ${decided.pkg.title} (${language})`,
    lines: [
      `Your ${language} translation of "${decided.pkg.title}" was sent back to you with this comment (the live ${language} translation stays as it is):`,
      comment,
    ],
    path: translationPath(input.kind, decided.pkg.id, input.lang),
  });
  return { title: `${decided.pkg.title} (${language})`, outcome: "sent_back", mail };
}

/** E-mails the submitter after the decision has committed; a failed send never undoes it. */
async function tellSubmitter(
  db: Db,
  adminId: string | null,
  { mailer, site }: ReviewNotice,
  message: { subject: string; lines: string[]; path: string },
): Promise<ReviewOutcome["mail"]> {
  if (!adminId) return "no_submitter";
  const admin = await db
    .selectFrom("admins")
    .select("email")
    .where("id", "=", adminId)
    .executeTakeFirst();
  if (!admin) return "no_submitter";
  const content = linkMessage(site, {
    ...message,
    action: "Open the package",
    validity: "You need to be signed in to the back office to open it.",
    footer: "You receive this because you submitted the package for review.",
  });
  return (await mailer.send({ to: admin.email, ...content })).status;
}

/** The review queue screen: its items with their dates in the company's time zone. */
export async function reviewQueueScreen(db: Db, { timeZone }: { timeZone: string }) {
  const items = await listReviewQueue(db);
  return {
    items: items.map((item) => ({
      ...item,
      submittedWhen: formatReceived(new Date(item.submittedAt), timeZone),
      publishWhen: item.publishAt ? formatReceived(new Date(item.publishAt), timeZone) : null,
    })),
    commentMax: REVIEW_COMMENT_MAX,
  };
}
