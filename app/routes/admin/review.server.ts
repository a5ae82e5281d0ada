import { data } from "react-router";
import { z } from "zod";
import { isShippedLanguage } from "~/domain/i18n/languages";
import { packageKindSchema } from "~/domain/schemas";
import {
  approveReview,
  approveTranslationReview,
  sendBackReview,
  sendBackTranslationReview,
  type ReviewNotice,
  type ReviewOutcome,
} from "~/server/catalogue/reviews.server";
import { redirectWithToast } from "~/server/http/flash.server";
import type { Db } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";

/*
 * The glue of /admin/review's two buttons: read the form once, call the review service with plain
 * values, answer a redirect with a flash, or the queue again with what went wrong (decision 132).
 */

export interface ReviewActionReply {
  ok: false;
  /** The package the message is about (its send-back form shows it), when known. */
  id?: string;
  /** The language of the pending translation the message is about (decision 146). */
  lang?: string;
  message: string;
  /** The comment as typed, kept when it was refused. */
  comment?: string;
}

const BAD_REVIEW = "Unknown action. Reload the page and try again.";

const reviewSchema = z.object({
  intent: z.enum(["approve", "send-back"]),
  kind: packageKindSchema,
  id: z.string().max(100),
  // A pending translation's language (decision 146); absent for the package itself.
  lang: z
    .string()
    .refine((value) => isShippedLanguage(value))
    .optional(),
});

const flashes: Record<ReviewOutcome["outcome"], (title: string) => string> = {
  published: (title) => `Approved and published: ${title}.`,
  scheduled: (title) => `Approved: ${title} will be published at its scheduled time.`,
  sent_back: (title) => `Sent back to its author: ${title}.`,
};

export async function reviewAction(
  db: Db,
  request: Request,
  { by, notice }: { by: string; notice: ReviewNotice },
) {
  const form = await request.formData();
  const parsed = reviewSchema.safeParse({
    intent: form.get("intent"),
    kind: form.get("kind"),
    id: form.get("id"),
    lang: form.get("lang") ?? undefined,
  });
  if (!parsed.success) return data<ReviewActionReply>({ ok: false, message: BAD_REVIEW }, 400);
  const { intent, kind, id, lang: rawLang } = parsed.data;
  const lang = rawLang && isShippedLanguage(rawLang) ? rawLang : undefined;
  const comment = form.get("comment");
  try {
    const result = lang
      ? intent === "approve"
        ? await approveTranslationReview(db, { kind, id, lang, by }, notice)
        : await sendBackTranslationReview(db, { kind, id, lang, by, comment }, notice)
      : intent === "approve"
        ? await approveReview(db, { kind, id, by }, notice)
        : await sendBackReview(db, { kind, id, by, comment }, notice);
    const mailNote = result.mail === "sent" ? " Its author was told by e-mail." : "";
    return redirectWithToast(request, "/admin/review", {
      type: "success",
      message: `${flashes[result.outcome](result.title)}${mailNote}`,
    });
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      return data<ReviewActionReply>(
        {
          ok: false,
          id,
          ...(lang ? { lang } : {}),
          message: error.message,
          ...(typeof comment === "string" ? { comment: comment.slice(0, 5000) } : {}),
        },
        error.status,
      );
    }
    throw error;
  }
}
