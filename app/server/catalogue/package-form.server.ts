import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { DepositRule } from "~/domain/deposits";
import {
  companyDepositWords,
  depositCurrencyOf,
  formRouteFromPattern,
  packageFormSchema,
  packageFormValues,
  type FormMode,
  type PackageFormData,
  type PackageFormReply,
  withListsAsLists,
} from "~/domain/package-form";
import { kindInfo, kindMessages } from "~/domain/package-kinds";
import { DRAFTS_ONLY_MESSAGE } from "~/domain/permissions";
import { isUuid, slugify, type Package, type PackageKind } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { recordEvent } from "../events/events.server";
import { readPackageFormPost, type PackageFormPost } from "../media/package-form-media.server";
import type { MediaStore } from "../media/media-store.server";
import { UploadError, type UploadBody } from "../media/uploads.server";
import type { Db } from "../platform/db.server";
import { isAppError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { formHasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { createPackage, getPackageById, updatePackage } from "./packages.server";
import { proposalNoticeFor } from "./proposal-screens.server";
import {
  DISCARD_CHANGES_INTENT,
  discardProposal,
  proposePackageChange,
  proposedPackage,
} from "./proposals.server";
import { REVIEW_MESSAGES, submitForReview } from "./reviews.server";

/** The form's "Submit for review" button (decision 132): saves the draft, then submits it. */
export const SUBMIT_FOR_REVIEW_INTENT = "submit-for-review";

export interface PackageFormTarget {
  kind: PackageKind;
  mode: FormMode;
  /** The package being edited (edit mode only). */
  id?: string;
}

/**
 * The kind and mode come from the matched route pattern, never from the URL text; the id from the
 * route's `:id` (edit mode).
 */
export function packageFormTarget(pattern: string, idParam: string | undefined): PackageFormTarget {
  const route = formRouteFromPattern(pattern);
  if (!route) throw new Error(`No package form serves ${pattern}`);
  if (route.mode === "new") return route;
  const id = idParam ?? "";
  // A malformed id is as unknown as a missing one.
  if (!isUuid(id)) throw notFoundResponse(route.kind);
  return { ...route, id };
}

const notFoundResponse = (kind: PackageKind) =>
  data(kindMessages(kind).notFound, { status: 404, statusText: "Not Found" });

async function existingPackage(db: Db, target: PackageFormTarget) {
  if (!target.id) return undefined;
  const pkg = await getPackageById(db, target.kind, target.id);
  // An unknown id, or the id of another kind's package, is not found here.
  if (!pkg) throw notFoundResponse(target.kind);
  return pkg;
}

/** What the form needs besides the database: the store its files go to, the site's time zone. */
export interface PackageFormDeps {
  media: MediaStore;
  site: Pick<SiteConfig, "timeZone" | "currency">;
}

export async function loadPackageForm(
  db: Db,
  target: PackageFormTarget,
  { site, companyDeposit }: Pick<PackageFormDeps, "site"> & { companyDeposit: DepositRule },
  /** False for a role without content.publish: it sees and revises its pending proposal. */
  mayPublish = true,
): Promise<PackageFormData> {
  const pkg = await existingPackage(db, target);
  const { timeZone, currency } = site;
  // The live package's departures set it, as on save: a proposal's own do not (see below).
  const depositCurrency = depositCurrencyOf(pkg, currency);
  // A published package with a pending proposal (decision 137): its author edits the proposal,
  // a publisher edits the live package and is told a proposal waits.
  const pending = pkg ? await proposalNoticeFor(db, pkg, { showsProposal: !mayPublish }) : null;
  const shown = pkg && pending?.notice.showsProposal ? proposedPackage(pkg, pending.proposal) : pkg;
  return {
    ...target,
    values: packageFormValues(shown, timeZone, currency, depositCurrency),
    savedStatus: pkg?.status ?? "draft",
    timeZone,
    currency,
    depositCurrency,
    companyDeposit: companyDepositWords(companyDeposit, currency),
    ...(pending ? { proposal: pending.notice } : {}),
  };
}

/** A refused file: the form comes back with what was typed, the refusal inline and as a toast. */
function uploadRefusal(
  kind: PackageKind,
  timeZone: string,
  depositCurrency: string,
  error: UploadError,
) {
  const submission = parseWithZod(error.formData ?? new FormData(), {
    schema: packageFormSchema(kind, timeZone, depositCurrency),
    disableAutoCoercion: true,
  });
  return reply(
    {
      result: submission.reply({ formErrors: [error.message] }),
      toast: `${UPLOAD_FAILED}: ${error.message}`,
    },
    error.status,
  );
}

/** Drops URLs of files this request stored and then released from the re-rendered form. */
function withoutReleased<T>(result: T, released: string[]): T {
  const value = (result as { data?: PackageFormReply }).data?.result;
  const initial = value?.initialValue as Record<string, unknown> | null | undefined;
  if (!value || !initial) return result;
  const gone = new Set(released);
  if (Array.isArray(initial.images))
    initial.images = initial.images.filter((url) => !gone.has(String(url)));
  if (Array.isArray(initial.videos))
    initial.videos = initial.videos.filter(
      (v) => !gone.has(String((v as { url?: unknown } | null)?.url)),
    );
  value.error = { ...value.error, "": [...(value.error?.[""] ?? []), FILES_NOT_KEPT] };
  return result;
}

const UPLOAD_FAILED = "Upload Failed";
const FILES_NOT_KEPT = "The files you chose were not kept: please choose them again.";

/** A post of the form: what it edits, its body (read as it streams), and the admin who sent it. */
export interface PackageFormSubmission {
  target: PackageFormTarget;
  upload: UploadBody;
  by: string;
  /** False for a role without content.publish: drafts only (decision 125). */
  mayPublish?: boolean;
}

/**
 * The form's one path: find the package, read the post once (its files stored on the way,
 * media/package-form-media.server.ts), validate and save it. Answers `{ saved }`, the flash
 * message for the list (the route redirects there), or the form back with its errors and status.
 * Whatever does not end in a saved package releases the files this post stored, so a failed save
 * leaves no file behind.
 */
export async function submitPackageForm(
  db: Db,
  { target, upload, by, mayPublish = true }: PackageFormSubmission,
  deps: PackageFormDeps,
) {
  const pkg = await existingPackage(db, target);
  // A role that may not publish edits drafts, and proposes changes to a published package
  // (decision 137): a scheduled one is refused before any file of the post is stored.
  const proposing = !mayPublish && pkg?.status === "published";
  if (
    !mayPublish &&
    pkg &&
    !proposing &&
    (pkg.status !== "draft" || pkg.publish_at || pkg.unpublish_at)
  ) {
    await refuseDraftsOnly(db, by, target, "live");
    throw data(DRAFTS_ONLY_MESSAGE, { status: 403 });
  }
  let post: PackageFormPost;
  try {
    post = await readPackageFormPost(upload, { db, store: deps.media });
  } catch (error) {
    if (error instanceof UploadError)
      return uploadRefusal(
        target.kind,
        deps.site.timeZone,
        depositCurrencyOf(pkg, deps.site.currency),
        error,
      );
    throw error;
  }
  if (pkg && post.formData.get("intent") === DISCARD_CHANGES_INTENT) {
    // Files chosen with the discard are not kept either.
    await post.release();
    try {
      const done = await discardProposal(
        db,
        { kind: target.kind, id: pkg.id, by },
        { media: deps.media },
      );
      return { saved: done.message };
    } catch (error) {
      if (isAppError(error) && error.status < 500)
        throw data(error.message, { status: error.status });
      throw error;
    }
  }
  // A write that fails releases the files this post stored (writeWithMedia); so does, below,
  // every other answer that is not a saved package.
  const outcome = await savePackageForm(db, deps, target, pkg, post, by, mayPublish);
  if ("saved" in outcome) {
    // Saved; chosen files that found no free place are named in the same flash (no JavaScript).
    return { saved: post.ignored ? `${outcome.saved} ${post.ignored}` : outcome.saved };
  }
  const released = await post.release();
  return released.length ? withoutReleased(outcome, released) : outcome;
}

/**
 * What the exclusive form does not show (lists, departures, FAQ, meeting point, set through the
 * API): a save keeps them as they are instead of emptying them.
 */
function notOnExclusiveForm(pkg: Package) {
  const { highlights, inclusions, exclusions, itinerary, departures, faqs, meeting_point } = pkg;
  return { highlights, inclusions, exclusions, itinerary, departures, faqs, meeting_point };
}

/** The event of a save the role refused (published, scheduled, or a live package's edit). */
function refuseDraftsOnly(
  db: Db,
  by: string,
  target: PackageFormTarget,
  what: "live" | "publish",
): Promise<void> {
  return recordEvent(db, {
    type: "auth.permission_denied",
    adminId: by,
    details: {
      permission: "content.publish",
      method: "POST",
      kind: target.kind,
      reason: what === "live" ? "editing a live or scheduled package" : "publishing or scheduling",
    },
  });
}

const reply = (value: PackageFormReply, status: number) =>
  data({ ...value, result: withListsAsLists(value.result) }, { status });

/**
 * Validates with the API's schema and saves. Answers the flash message on success; otherwise the
 * submission (every typed value kept) with field or form errors.
 */
async function savePackageForm(
  db: Db,
  deps: PackageFormDeps,
  target: PackageFormTarget,
  pkg: Package | undefined,
  post: PackageFormPost,
  by: string,
  mayPublish: boolean,
) {
  const { kind } = target;
  const { formData } = post;
  const media = { media: deps.media, uploads: post };
  const messages = kindMessages(kind);
  const submission = parseWithZod(formData, {
    schema: packageFormSchema(kind, deps.site.timeZone, depositCurrencyOf(pkg, deps.site.currency)),
    disableAutoCoercion: true,
  });
  if (formHasUnstorableText(formData)) {
    return reply({ result: submission.reply({ formErrors: [UNSTORABLE_TEXT_MESSAGE] }) }, 400);
  }
  // An add/remove-row intent (no JavaScript), or invalid input: the form comes back as typed.
  if (submission.status !== "success") {
    return reply({ result: submission.reply() }, submission.status === "error" ? 400 : 200);
  }
  const { updated_at: version, ...input } = submission.value;
  // A proposal's status and schedule are the live package's: what the form posts for them is
  // not part of it (decision 137).
  const proposing = !mayPublish && pkg?.status === "published";
  if (
    !proposing &&
    !mayPublish &&
    (input.status !== "draft" || input.publish_at || input.unpublish_at)
  ) {
    await refuseDraftsOnly(db, by, target, "publish");
    return reply({ result: submission.reply({ formErrors: [DRAFTS_ONLY_MESSAGE] }) }, 403);
  }
  const full = kindInfo(kind).admin.form === "full";
  const forReview = formData.get("intent") === SUBMIT_FOR_REVIEW_INTENT;
  // Only a draft goes to review: a publish or schedule chosen with it is refused, nothing saved.
  if (
    !proposing &&
    forReview &&
    (input.status !== "draft" || input.publish_at || input.unpublish_at)
  ) {
    return reply({ result: submission.reply({ formErrors: [REVIEW_MESSAGES.notDraft] }) }, 400);
  }
  let savedId: string;
  let proposed: string | undefined;
  try {
    if (proposing && pkg) {
      const slug = full ? (input.slug ?? slugify(input.title)) : undefined;
      const done = await proposePackageChange(
        db,
        {
          kind,
          id: pkg.id,
          input: { ...input, ...(full ? {} : notOnExclusiveForm(pkg)), slug },
          by,
          submit: forReview,
          expectedUpdatedAt: version ?? pkg.updated_at,
          currency: deps.site.currency,
        },
        { media: deps.media },
      );
      proposed = done.message;
      savedId = pkg.id;
    } else if (!pkg) {
      // The full form refuses a taken slug; the exclusive form derives one and numbers it.
      const slug = full ? (input.slug ?? slugify(input.title)) : undefined;
      const created = await createPackage(
        db,
        kind,
        { ...input, slug },
        { slugConflict: full ? "refuse" : "suffix", by, ...media, currency: deps.site.currency },
      );
      savedId = created.id;
    } else {
      // The exclusive form has no slug field: its package keeps the slug it has.
      const slug = full ? (input.slug ?? slugify(input.title)) : undefined;
      await updatePackage(
        db,
        kind,
        pkg.id,
        { ...input, ...(full ? {} : notOnExclusiveForm(pkg)), slug },
        {
          slugConflict: "refuse",
          expectedUpdatedAt: version ?? pkg.updated_at,
          by,
          ...media,
          currency: deps.site.currency,
        },
      );
      savedId = pkg.id;
    }
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFoundResponse(kind);
    // A schedule that makes no sense (decision 093): its fields say why; nothing was saved.
    if (isAppError(error) && error.status === 400 && error.details) {
      return reply({ result: submission.reply({ fieldErrors: error.details }) }, 400);
    }
    if (isAppError(error) && error.status === 409) {
      const fieldErrors = error.details ?? {};
      const formErrors = fieldErrors.slug ? [] : [error.message];
      return reply(
        {
          result: submission.reply({ formErrors, fieldErrors }),
          ...(formErrors.length ? { toast: error.message, stale: true } : {}),
        },
        409,
      );
    }
    const message = pkg ? messages.updateFailed : messages.createFailed;
    log("error", "package form save failed", {
      kind,
      id: pkg?.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return reply({ result: submission.reply({ formErrors: [message] }), toast: message }, 500);
  }
  if (proposed) return { saved: proposed };
  if (forReview) {
    await submitForReview(db, { kind, id: savedId, by });
    return { saved: REVIEW_MESSAGES.submitted };
  }
  return { saved: pkg ? messages.updated : messages.created };
}
