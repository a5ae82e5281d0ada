import "./zod-jitless";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { LIMITS, MESSAGES, travelMomentInputSchema, type TravelMoment } from "./schemas";

/**
 * The travel-moments admin form (spec §2, §5). The server validates with the JSON API's schema
 * (`travelMomentInputSchema`) after the upload parser has put the stored files' URLs in
 * `videoUrl` / `thumbnailUrl`; the browser checks the chosen files before uploading.
 * Values are strings: parse with `disableAutoCoercion`, so an unchecked Active box is absent and
 * means false (the API's `.default(true)` would make a moment impossible to switch off here).
 */
export const momentFormSchema = travelMomentInputSchema.extend({
  isActive: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

export type MomentDialog =
  | { mode: "create" }
  | { mode: "edit"; moment: TravelMoment }
  | { mode: "delete"; moment: TravelMoment };

/** Every action the screen posts; the form field `intent` names one. */
export const MOMENT_INTENTS = ["create", "update", "delete", "toggle", "move", "reorder"] as const;
export type MomentIntent = (typeof MOMENT_INTENTS)[number];

/** The action's answer when it refuses a dialog's submission (a success redirects instead). */
export interface MomentReply {
  intent: MomentIntent;
  result: SubmissionResult<string[]>;
  /** The server's refusal, shown as an 'Error' toast with JavaScript (and in the dialog always). */
  toast?: string;
}

export const MOMENT_TOASTS = {
  created: "Travel moments video created successfully!",
  updated: "Travel moments video updated successfully!",
  deleted: "Travel moments video deleted successfully!",
  reordered: "Travel moments videos reordered successfully!",
  activated: "Travel moments video is now active",
  deactivated: "Travel moments video is now inactive",
} as const;

/** Spec §8: shown under the 'Error' title when the server gave no message of its own. */
export const MOMENT_FAILURES: Record<MomentIntent, string> = {
  create: "Failed to create video",
  update: "Failed to update video",
  delete: "Failed to delete video",
  toggle: "Failed to update video",
  move: "Failed to reorder videos",
  reorder: "Failed to reorder videos",
};

export const MOMENT_VIDEO_EXTENSIONS = ["mp4", "avi", "mov", "wmv", "flv", "webm"] as const;
/** The file picker's filter; the server decides by the bytes, whatever the picker let through. */
export const MOMENT_VIDEO_ACCEPT =
  "video/mp4,video/x-msvideo,video/quicktime,video/x-ms-wmv,video/x-flv,video/webm," +
  MOMENT_VIDEO_EXTENSIONS.map((ext) => `.${ext}`).join(",");
export const MOMENT_THUMBNAIL_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** What the browser can tell about a chosen video before sending it (the server checks again). */
export function momentVideoFileError(
  file: { name: string; size: number; type: string } | null | undefined,
  required: boolean,
): string | undefined {
  if (!file || (file.size === 0 && file.name === "")) {
    return required ? MESSAGES.momentVideoRequired : undefined;
  }
  if (file.size > LIMITS.videoBytes) return MESSAGES.momentVideoTooLarge;
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  const knownExtension = (MOMENT_VIDEO_EXTENSIONS as readonly string[]).includes(ext);
  if (!knownExtension && !file.type.startsWith("video/")) return MESSAGES.momentVideoType;
  return undefined;
}

/** A video's length in seconds as the form's text: m:ss, or h:mm:ss from one hour on. */
export function formatDuration(seconds: number): string | undefined {
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  if (h >= 100) return undefined;
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The admin screen's URL for a dialog state (the dialogs are URLs, so they work without JS). */
export function momentDialogHref(
  state: { mode: "create" } | { mode: "edit" | "delete"; id: string } | null,
): string {
  const base = "/admin/travel-moments";
  if (!state) return base;
  if (state.mode === "create") return `${base}?add`;
  return `${base}?${state.mode}=${encodeURIComponent(state.id)}`;
}
