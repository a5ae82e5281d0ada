import { sql } from "kysely";
import { kindMessages } from "~/domain/package-kinds";
import {
  isUuid,
  packageInputSchema,
  type Package,
  type PackageInput,
  type PackageKind,
} from "~/domain/schemas";
import type { PackageSnapshot } from "~/domain/versions";
import { recordEvent } from "../events/events.server";
import type { MediaStore } from "../media/media-store.server";
import { packageMediaIds, releaseQuietly } from "../media/references.server";
import { inTransaction, type Db } from "../platform/db.server";
import { AppError, conflict, notFound } from "../platform/errors.server";
import { getPackageById, packageSnapshot, updatePackage } from "./packages.server";

/*
 * Proposed changes to a published package (decision 137). A Contributor may not publish, so their
 * edit of a live package is not written to it: it is kept as a proposal (package_proposals, one per
 * package) while the public page, the API and the page cache go on serving the published version.
 * The proposal is "in review" through the package's review columns (decision 132), so the review
 * queue, the e-mails and "Your submissions" work as for a draft. Approving applies it (a normal
 * update: a version, the page cache refreshed by its trigger); sending back keeps it for its author
 * to revise, and the author may discard it.
 *
 * To know exactly what the change would do (for "See the changes") and which files it uses, the
 * proposal is tried: the update runs in a transaction that is always rolled back, and the package
 * as it would be is kept as the proposal's snapshot. The same checks as a direct save apply (a
 * stale form, a taken slug, bad input), with the same messages.
 */

export const PROPOSAL_MESSAGES = {
  saved:
    "Your changes are saved but not yet submitted. The published version stays live until an Editor approves them.",
  submitted:
    "Your changes were submitted for review. The published version stays live until an Editor approves them.",
  discarded: "Your proposed changes were discarded. The published version is unchanged.",
  nothingToDiscard: "There are no proposed changes to discard. Nothing was changed.",
  notPublished:
    "This package is no longer published, so there is nothing to propose changes to. Reload the page. Nothing was changed.",
  unappliable:
    "These proposed changes no longer pass today's checks and cannot be applied. Send them back with a comment instead.",
} as const;

/** The form's "Discard my changes" button: drops the pending proposal (decision 137). */
export const DISCARD_CHANGES_INTENT = "discard-changes";

const ROLLBACK = Symbol("rollback");

/** The package as `input` would make it, and the files it would use, without changing anything. */
async function tryProposal(
  db: Db,
  kind: PackageKind,
  id: string,
  input: PackageInput,
  options: { expectedUpdatedAt?: string; by: string; currency?: string },
): Promise<{ snapshot: PackageSnapshot; mediaIds: string[] }> {
  let tried: { snapshot: PackageSnapshot; mediaIds: string[] } | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await updatePackage(trx, kind, id, input, { slugConflict: "refuse", ...options });
      const pkg = await getPackageById(trx, kind, id);
      if (!pkg) throw notFound(kindMessages(kind).notFound);
      tried = { snapshot: packageSnapshot(pkg), mediaIds: await packageMediaIds(trx, id) };
      // Nothing of the trial is kept: no row, no version, no event, no cache notification.
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return tried!;
}

/** The write a proposal holds: its content only; status and schedule stay the live package's. */
function proposalInput(input: PackageInput): PackageInput {
  const { publish_at: _p, unpublish_at: _u, ...content } = input;
  return { ...content, status: "published" };
}

export interface ProposeInput {
  kind: PackageKind;
  id: string;
  input: PackageInput;
  by: string;
  /** Submit it for review now ("Submit for review"), or only keep it ("Save Draft"). */
  submit: boolean;
  /** The live package's `updated_at` the form was loaded with: a newer one is refused (409). */
  expectedUpdatedAt?: string;
  currency?: string;
}

/**
 * Keeps `input` as the package's proposal, replacing an earlier one (whose files nothing else uses
 * are released after the commit). The live package is not changed. Refused: a package that is not
 * published (409), a stale form (409), a taken slug (409), a schedule or field problem (400).
 */
export async function proposePackageChange(
  db: Db,
  { kind, id, input, by, submit, expectedUpdatedAt, currency }: ProposeInput,
  { media }: { media?: MediaStore } = {},
): Promise<{ message: string }> {
  const content = proposalInput(input);
  const tried = await tryProposal(db, kind, id, content, {
    by,
    ...(expectedUpdatedAt !== undefined ? { expectedUpdatedAt } : {}),
    ...(currency ? { currency } : {}),
  });
  const replaced = await inTransaction(db, async (trx) => {
    const pkg = await trx
      .selectFrom("packages")
      .select(["id", "title", "status", "review_state"])
      .where("kind", "=", kind)
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!pkg) throw notFound(kindMessages(kind).notFound);
    if (pkg.status !== "published") throw conflict(PROPOSAL_MESSAGES.notPublished);
    const previous = await trx
      .selectFrom("package_proposals")
      .select("media_ids")
      .where("package_id", "=", id)
      .executeTakeFirst();
    const { max } = await trx
      .selectFrom("content_versions")
      .select(sql<number>`coalesce(max(number), 0)`.as("max"))
      .where("item_type", "=", "package")
      .where("item_id", "=", id)
      .executeTakeFirstOrThrow();
    const row = {
      input: JSON.stringify(content),
      snapshot: JSON.stringify(tried.snapshot),
      media_ids: tried.mediaIds,
      base_version: Number(max),
      proposed_by: by,
    };
    await trx
      .insertInto("package_proposals")
      .values({ package_id: id, ...row })
      .onConflict((oc) =>
        oc.column("package_id").doUpdateSet({ ...row, updated_at: sql<Date>`now()` }),
      )
      .execute();
    if (submit) {
      await trx
        .updateTable("packages")
        .set({
          review_state: "in_review",
          review_submitted_by: by,
          review_submitted_at: sql<Date>`now()`,
          review_comment: null,
        })
        .where("id", "=", id)
        .execute();
      await recordEvent(trx, {
        type: "package.submitted_for_review",
        adminId: by,
        details: { kind, id, title: pkg.title, proposal: true },
      });
    }
    return previous?.media_ids ?? [];
  });
  // What the earlier proposal alone used (the new one, the live package and the history keep
  // theirs: releaseMedia deletes only what nothing references).
  if (media && replaced.length) await releaseQuietly(db, media, replaced);
  return { message: submit ? PROPOSAL_MESSAGES.submitted : PROPOSAL_MESSAGES.saved };
}

/**
 * Drops the package's proposal and its review state; the files only it used are released. A
 * package with no proposal is a 409 with a message, nothing changed.
 */
export async function discardProposal(
  db: Db,
  { kind, id, by }: { kind: PackageKind; id: string; by: string },
  { media }: { media?: MediaStore } = {},
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(kindMessages(kind).notFound);
  const released = await inTransaction(db, async (trx) => {
    const pkg = await trx
      .selectFrom("packages")
      .select(["id", "title"])
      .where("kind", "=", kind)
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!pkg) throw notFound(kindMessages(kind).notFound);
    const gone = await trx
      .deleteFrom("package_proposals")
      .where("package_id", "=", id)
      .returning("media_ids")
      .executeTakeFirst();
    if (!gone) throw conflict(PROPOSAL_MESSAGES.nothingToDiscard);
    await trx
      .updateTable("packages")
      .set({ review_state: null, review_comment: null })
      .where("id", "=", id)
      .execute();
    await recordEvent(trx, {
      type: "package.updated",
      adminId: by,
      details: { kind, id, title: pkg.title, changes: ["Proposed changes discarded"] },
    });
    return gone.media_ids;
  });
  if (media && released.length) await releaseQuietly(db, media, released);
  return { message: PROPOSAL_MESSAGES.discarded };
}

export interface ProposalRow {
  input: Record<string, unknown>;
  snapshot: PackageSnapshot;
  mediaIds: string[];
  baseVersion: number;
  proposedBy: string | null;
  updatedAt: string;
}

/** The package's proposal, if it has one. */
export async function proposalOf(db: Db, packageId: string): Promise<ProposalRow | undefined> {
  if (!isUuid(packageId)) return undefined;
  const row = await db
    .selectFrom("package_proposals")
    .selectAll()
    .where("package_id", "=", packageId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    input: row.input,
    snapshot: row.snapshot as PackageSnapshot,
    mediaIds: row.media_ids,
    baseVersion: row.base_version,
    proposedBy: row.proposed_by,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The ids among `packageIds` that have a proposal (for the admin list's badge). */
export async function packagesWithProposals(
  db: Db,
  packageIds: readonly string[],
): Promise<Set<string>> {
  if (packageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("package_proposals")
    .select("package_id")
    .where("package_id", "in", [...packageIds])
    .execute();
  return new Set(rows.map((r) => r.package_id));
}

/**
 * Applies the package's proposal in `trx` (the caller holds the package's lock and commits): the
 * package is updated (a version by `by`, its event) and published, the proposal is deleted.
 * Answers the media ids to release after the commit (what the package used before and what the
 * proposal used; only what nothing references any more goes).
 */
export async function applyProposal(
  trx: Db,
  kind: PackageKind,
  id: string,
  by: string,
  currency?: string,
): Promise<string[] | null> {
  const proposal = await proposalOf(trx, id);
  if (!proposal) return null;
  const parsed = packageInputSchema(kind).safeParse(proposal.input);
  if (!parsed.success) throw new AppError(PROPOSAL_MESSAGES.unappliable, 409);
  const before = await packageMediaIds(trx, id);
  await updatePackage(
    trx,
    kind,
    id,
    { ...parsed.data, status: "published" },
    { slugConflict: "refuse", by, ...(currency ? { currency } : {}) },
  );
  await trx.deleteFrom("package_proposals").where("package_id", "=", id).execute();
  return [...new Set([...before, ...proposal.mediaIds])];
}

/** The package as its proposal would make it, shaped for the form (the author revises it). */
export function proposedPackage(live: Package, proposal: ProposalRow): Package {
  const seats = new Map(live.departures.map((d) => [d.id, d.seats_taken]));
  return {
    ...live,
    ...proposal.snapshot,
    departures: proposal.snapshot.departures.map((d) => ({
      ...d,
      seats_taken: ("id" in d && d.id ? seats.get(d.id) : undefined) ?? 0,
    })) as Package["departures"],
  };
}
