import { sql } from "kysely";
import { LANGUAGE_NAMES_IN_ENGLISH, type Language } from "~/domain/i18n/languages";
import { isUuid, type PackageKind } from "~/domain/schemas";
import type { PackageTranslation } from "~/domain/translations";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { conflict, notFound } from "../platform/errors.server";

/*
 * Pending translations (decision 146). A Contributor may not change what the website shows
 * (decision 125), and a saved translation shows at once (decision 139), so their save of a
 * translation of a published or scheduled package is kept here, one per package and language (a
 * newer save replaces it), while the live translation, the public page and the page cache (its
 * trigger watches package_translations only) stay as they are. "Submit for review" lists it on
 * /admin/review as "Translation (German) in review"; approving applies it through the same write
 * as a direct save (app/server/catalogue/reviews.server.ts), sending back keeps it for its author
 * with the reviewer's comment.
 */

export type TranslationProposalState = "saved" | "in_review" | "sent_back";

export const TRANSLATION_REVIEW_MESSAGES = {
  saved: (lang: string) =>
    `Your ${lang} changes are saved but not yet submitted. The live ${lang} translation stays until an Editor approves them.`,
  submitted: (lang: string) =>
    `Your ${lang} changes were submitted for review. The live ${lang} translation stays until an Editor approves them.`,
  discarded: (lang: string) =>
    `Your proposed ${lang} changes were discarded. The live ${lang} translation is unchanged.`,
  nothingToDiscard:
    "You have no pending changes to this translation to discard. Nothing was changed.",
  notReviewed:
    "This translation is saved directly, not submitted for review: the package is a draft (its translations are reviewed with it), or your role publishes. Use Save instead. Nothing was saved.",
  notInReview:
    "This translation is not waiting for review (someone may have handled it). Nothing was changed.",
} as const;

/** The translation form's "Discard my changes" button (the package form's word, decision 137). */
export const DISCARD_TRANSLATION_INTENT = "discard-changes";
/** The translation form's "Submit for review" button (the package form's word, decision 132). */
export const SUBMIT_TRANSLATION_INTENT = "submit-for-review";

export interface TranslationProposal {
  packageId: string;
  lang: string;
  value: PackageTranslation;
  state: TranslationProposalState;
  comment: string | null;
  proposedBy: string | null;
  /** Who proposed it (name or e-mail), or null when that admin is gone. */
  proposedByName: string | null;
  /** The live translation changed after the author made this proposal. */
  outdated: boolean;
}

/** The pending translation of a package into `lang`, if there is one. */
export async function translationProposalOf(
  db: Db,
  packageId: string,
  lang: string,
): Promise<TranslationProposal | undefined> {
  if (!isUuid(packageId)) return undefined;
  const row = await db
    .selectFrom("translation_proposals as tp")
    .leftJoin("admins as a", "a.id", "tp.proposed_by")
    .leftJoin("package_translations as t", (join) =>
      join.onRef("t.package_id", "=", "tp.package_id").onRef("t.lang", "=", "tp.lang"),
    )
    .select([
      "tp.package_id",
      "tp.lang",
      "tp.value",
      "tp.state",
      "tp.comment",
      "tp.proposed_by",
      "tp.base_updated_at",
      "t.updated_at as live_updated_at",
      "a.name",
      "a.email",
    ])
    .where("tp.package_id", "=", packageId)
    .where("tp.lang", "=", lang)
    .executeTakeFirst();
  if (!row) return undefined;
  const base = row.base_updated_at ? new Date(row.base_updated_at).getTime() : null;
  const live = row.live_updated_at ? new Date(row.live_updated_at).getTime() : null;
  return {
    packageId: row.package_id,
    lang: row.lang,
    value: row.value as unknown as PackageTranslation,
    state: row.state,
    comment: row.comment,
    proposedBy: row.proposed_by,
    proposedByName: row.name ?? row.email ?? null,
    outdated: live !== null && live !== base,
  };
}

/**
 * Keeps `value` (checked by the caller) as the package's pending translation into `lang`,
 * replacing an earlier one; with `submit` it is put in review. Saving without submitting makes it
 * "not yet submitted" again, so an Editor never approves text its author is still changing.
 */
export async function proposeTranslation(
  db: Db,
  input: {
    pkg: { id: string; kind: PackageKind; title: string };
    lang: Language;
    value: PackageTranslation;
    by: string | null;
    submit: boolean;
  },
): Promise<string> {
  const { pkg, lang, value, by, submit } = input;
  const language = LANGUAGE_NAMES_IN_ENGLISH[lang];
  await inTransaction(db, async (trx) => {
    const live = await trx
      .selectFrom("package_translations")
      .select("updated_at")
      .where("package_id", "=", pkg.id)
      .where("lang", "=", lang)
      .executeTakeFirst();
    const row = {
      value: JSON.stringify(value),
      state: submit ? ("in_review" as const) : ("saved" as const),
      base_updated_at: live?.updated_at ?? null,
      proposed_by: by,
      ...(submit ? { submitted_at: sql<Date>`now()`, comment: null } : {}),
    };
    await trx
      .insertInto("translation_proposals")
      .values({ package_id: pkg.id, lang, ...row })
      .onConflict((oc) =>
        oc.columns(["package_id", "lang"]).doUpdateSet({ ...row, updated_at: sql<Date>`now()` }),
      )
      .execute();
    if (submit) {
      await recordEvent(trx, {
        type: "package.translation_submitted_for_review",
        ...(by ? { adminId: by } : {}),
        details: { kind: pkg.kind, id: pkg.id, title: pkg.title, language },
      });
    }
  });
  return submit
    ? TRANSLATION_REVIEW_MESSAGES.submitted(language)
    : TRANSLATION_REVIEW_MESSAGES.saved(language);
}

/**
 * Drops `by`'s own pending translation of the package into `lang`; the live translation is
 * unchanged. None of theirs: a 409 with a message, nothing changed.
 */
export async function discardTranslationProposal(
  db: Db,
  input: { kind: PackageKind; id: string; lang: Language; by: string },
): Promise<string> {
  const language = LANGUAGE_NAMES_IN_ENGLISH[input.lang];
  if (!isUuid(input.id)) throw notFound("That package does not exist.");
  await inTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom("translation_proposals")
      .where("package_id", "=", input.id)
      .where("lang", "=", input.lang)
      .where("proposed_by", "=", input.by)
      .returning("package_id")
      .executeTakeFirst();
    if (!gone) throw conflict(TRANSLATION_REVIEW_MESSAGES.nothingToDiscard);
    const pkg = await trx
      .selectFrom("packages")
      .select("title")
      .where("id", "=", input.id)
      .executeTakeFirst();
    await recordEvent(trx, {
      type: "package.translation_discarded",
      adminId: input.by,
      details: { kind: input.kind, id: input.id, title: pkg?.title ?? "", language },
    });
  });
  return TRANSLATION_REVIEW_MESSAGES.discarded(language);
}

/** The pending translations waiting for review, oldest submission first. */
export async function translationsInReview(db: Db) {
  return db
    .selectFrom("translation_proposals as tp")
    .innerJoin("packages as p", "p.id", "tp.package_id")
    .leftJoin("admins as a", "a.id", "tp.proposed_by")
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "tp.lang",
      "tp.submitted_at",
      "tp.updated_at",
      "a.name",
      "a.email",
    ])
    .where("tp.state", "=", "in_review")
    .where("p.deleted_at", "is", null)
    .orderBy("tp.submitted_at")
    .orderBy("p.id")
    .orderBy("tp.lang")
    .execute();
}

/** An author's pending translations of `kind` in review or sent back, for their dashboard. */
export async function translationReviewsOf(db: Db, adminId: string, kind: PackageKind) {
  return db
    .selectFrom("translation_proposals as tp")
    .innerJoin("packages as p", "p.id", "tp.package_id")
    .select(["p.id", "p.kind", "p.title", "tp.lang", "tp.state", "tp.comment"])
    .where("tp.proposed_by", "=", adminId)
    .where("p.kind", "=", kind)
    .where("tp.state", "in", ["in_review", "sent_back"])
    .where("p.deleted_at", "is", null)
    .orderBy("tp.submitted_at", "desc")
    .execute();
}
