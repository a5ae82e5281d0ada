import type { ApiMethod } from "./api-route.server";

/** Spec §8 texts of the travel-moments admin. */
export const MOMENT_TEXTS = {
  created: "Travel moments video created successfully!",
  updated: "Travel moments video updated successfully!",
  deleted: "Travel moments video deleted successfully!",
  reordered: "Travel moments videos reordered successfully!",
  notFound: "Travel moment not found",
} as const;

const FAILURES: Record<ApiMethod, string> = {
  GET: "Failed to fetch travel moments",
  POST: "Failed to create video",
  PUT: "Failed to update video",
  PATCH: "Failed to update video",
  DELETE: "Failed to delete video",
};

export function momentFailure(method: ApiMethod, reorder = false): string {
  return reorder ? "Failed to reorder videos" : FAILURES[method];
}
