import { PROPOSAL_STATE_LABELS, type ProposalNotice } from "~/domain/proposals";
import type { Package } from "~/domain/schemas";
import { isShippedLanguage, LANGUAGE_NAMES_IN_ENGLISH } from "~/domain/i18n/languages";
import {
  describePackageChanges,
  describeTranslationChanges,
  type PackageSnapshot,
} from "~/domain/versions";
import type { Db } from "../platform/db.server";
import { proposalOf, type ProposalRow } from "./proposals.server";
import { allPackageTranslations } from "./translations.server";

/*
 * What the admin screens show of review (decisions 132, 137): the package form's notice of a
 * pending proposal, and "See the changes" in the review queue, which compares against the last
 * published version (the live one), not the version before.
 */

async function latestVersion(db: Db, packageId: string) {
  return db
    .selectFrom("content_versions")
    .select(["number", "content"])
    .where("item_type", "=", "package")
    .where("item_id", "=", packageId)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The newest version whose package was published: what the website showed last. */
async function lastPublishedVersion(db: Db, packageId: string) {
  return db
    .selectFrom("content_versions")
    .select(["number", "content"])
    .where("item_type", "=", "package")
    .where("item_id", "=", packageId)
    .where((eb) => eb(eb.ref("content", "->>").key("status"), "=", "published"))
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
}

async function adminName(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom("admins")
    .select(["name", "email"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? (row.name ?? row.email) : null;
}

/** The form's notice of `pkg`'s proposal, with the proposal itself; null when it has none. */
export async function proposalNoticeFor(
  db: Db,
  pkg: Package,
  { showsProposal }: { showsProposal: boolean },
): Promise<{ notice: ProposalNotice; proposal: ProposalRow } | null> {
  const proposal = await proposalOf(db, pkg.id);
  if (!proposal) return null;
  const [state, latest, by] = await Promise.all([
    db
      .selectFrom("packages")
      .select(["review_state", "review_comment"])
      .where("id", "=", pkg.id)
      .executeTakeFirstOrThrow(),
    latestVersion(db, pkg.id),
    adminName(db, proposal.proposedBy),
  ]);
  return {
    proposal,
    notice: {
      state: state.review_state ?? "saved",
      by,
      comment: state.review_state === "sent_back" ? state.review_comment : null,
      outdated: (latest?.number ?? 0) > proposal.baseVersion,
      showsProposal,
    },
  };
}

/** "See the changes" of one queue item: what approving would change on the website. */
export interface ReviewChanges {
  /**
   * What the changes are measured against; a pending translation (decision 146) against the
   * live translation in its language, or none yet.
   */
  against: "live" | "last-published" | "never-published" | "live-translation" | "new-translation";
  changes: string[];
  /** A proposal made from an older version than the live one (an Editor saved since). */
  outdated?: { basedOn: number; live: number };
  /**
   * A draft's translations that go live with it (decision 146): those saved since it left the
   * website, or all of them when it never was on it; per language, each filled field listed
   * (their earlier text is not kept, so there is nothing to compare with).
   */
  translations?: { lang: string; name: string; changes: string[] }[];
}

/**
 * The translations of a draft in review saved after `since` (when it left the website; null:
 * never published, so every one), per language, each with its filled fields in words.
 */
async function draftTranslationChanges(
  db: Db,
  packageId: string,
  since: Date | null,
): Promise<NonNullable<ReviewChanges["translations"]>> {
  let query = db
    .selectFrom("package_translations")
    .select("lang")
    .where("package_id", "=", packageId)
    .orderBy("lang");
  if (since) query = query.where("updated_at", ">", since);
  const langs = (await query.execute()).map((r) => r.lang).filter(isShippedLanguage);
  if (langs.length === 0) return [];
  const stored = (await allPackageTranslations(db, [packageId])).get(packageId);
  return langs.flatMap((lang) => {
    const value = stored?.get(lang);
    if (!value) return [];
    const changes = describeTranslationChanges(null, value);
    return changes.length ? [{ lang, name: LANGUAGE_NAMES_IN_ENGLISH[lang], changes }] : [];
  });
}

/** When the package left the website after `published`: the version that followed it. */
async function leftTheSiteAt(db: Db, packageId: string, published: number): Promise<Date | null> {
  const next = await db
    .selectFrom("content_versions")
    .select("created_at")
    .where("item_type", "=", "package")
    .where("item_id", "=", packageId)
    .where("number", ">", published)
    .orderBy("number")
    .limit(1)
    .executeTakeFirst();
  return next ? new Date(next.created_at) : null;
}

/**
 * A proposal: the live package against the proposal. A draft in review: the last published
 * version against the draft as it is now; a package never published has nothing to compare.
 */
export async function reviewChanges(db: Db, packageId: string): Promise<ReviewChanges> {
  const [proposal, latest] = await Promise.all([
    proposalOf(db, packageId),
    latestVersion(db, packageId),
  ]);
  const current = (latest?.content as PackageSnapshot | undefined) ?? null;
  if (proposal) {
    const live = latest?.number ?? 0;
    return {
      against: "live",
      changes: current ? describePackageChanges(current, proposal.snapshot) : [],
      ...(live > proposal.baseVersion ? { outdated: { basedOn: proposal.baseVersion, live } } : {}),
    };
  }
  const published = await lastPublishedVersion(db, packageId);
  if (!published || !current) {
    const translations = await draftTranslationChanges(db, packageId, null);
    return {
      against: "never-published",
      changes: [],
      ...(translations.length ? { translations } : {}),
    };
  }
  const left = await leftTheSiteAt(db, packageId, published.number);
  const translations = left ? await draftTranslationChanges(db, packageId, left) : [];
  return {
    against: "last-published",
    changes: describePackageChanges(published.content as PackageSnapshot, current),
    ...(translations.length ? { translations } : {}),
  };
}

/**
 * The review badge of each of `ids` that has one, for the admin list: "In review" / "Sent back"
 * for a draft, "Changes in review" / "Changes sent back" / "Changes not yet submitted" for a
 * published package's proposal.
 */
export async function reviewLabels(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("packages as p")
    .leftJoin("package_proposals as pp", "pp.package_id", "p.id")
    .select(["p.id", "p.review_state", "pp.package_id as proposal"])
    .where("p.id", "in", [...ids])
    .where((eb) =>
      eb.or([eb("p.review_state", "is not", null), eb("pp.package_id", "is not", null)]),
    )
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      row.proposal
        ? PROPOSAL_STATE_LABELS[row.review_state ?? "saved"]
        : row.review_state === "in_review"
          ? "In review"
          : "Sent back",
    ]),
  );
}
