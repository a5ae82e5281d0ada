import { LIMITS } from "./schemas";

/** Files chosen beyond the free places of a package's images or videos are ignored, with this. */
export function ignoredFilesNotice(count: number, what: "images" | "videos"): string {
  const limit = what === "images" ? LIMITS.packageImages : LIMITS.packageVideos;
  return `${count} ${count === 1 ? "file was" : "files were"} ignored: a package has at most ${limit} ${what}.`;
}
