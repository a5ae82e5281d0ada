import { ignoredFilesNotice } from "~/domain/media-notices";
import { LIMITS } from "~/domain/schemas";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import type { MediaStore } from "./media-store.server";
import { releaseQuietly } from "./references.server";
import { parseUploadForm, type ParsedUploadForm, type UploadBody } from "./uploads.server";

/*
 * The package form's files. With JavaScript, files upload at once (POST /admin/uploads) and the
 * form only carries their URLs in `images[i]` / `videos[i].url`. Without JavaScript the files
 * travel with the save itself, in two inputs:
 *   - `images.new` (multiple images): appended after the kept images, up to the 4-image limit;
 *   - `videos.new` (one or more videos): appended as 'upload' entries, up to the 6-video limit;
 * files beyond the free places are stored by nobody (released at once) and reported.
 * A save that does not succeed releases what its post stored (PackageFormPost.release).
 */

export const PACKAGE_UPLOAD_FIELDS = { images: "images.new", videos: "videos.new" } as const;

const countIndexed = (formData: FormData, list: string) => {
  const pattern = new RegExp(`^${list}\\[(\\d+)\\]`);
  let max = -1;
  for (const key of formData.keys()) {
    const match = pattern.exec(key);
    if (match) max = Math.max(max, Number(match[1]));
  }
  return max + 1;
};

/**
 * Moves files stored from `images.new` / `videos.new` into the `images[i]` / `videos[i].*`
 * entries the schema reads. Returns the form data and the media ids that found no place.
 */
export function mergeNewMedia(parsed: ParsedUploadForm): {
  formData: FormData;
  overflow: string[];
  notice?: string;
} {
  const source = parsed.formData;
  const formData = new FormData();
  for (const [key, value] of source) {
    if (key !== PACKAGE_UPLOAD_FIELDS.images && key !== PACKAGE_UPLOAD_FIELDS.videos)
      formData.append(key, value);
  }
  const overflow: string[] = [];
  let ignoredImages = 0;
  let ignoredVideos = 0;
  let images = countIndexed(source, "images");
  let videos = countIndexed(source, "videos");
  for (const media of parsed.stored) {
    if (media.field === PACKAGE_UPLOAD_FIELDS.images) {
      if (images >= LIMITS.packageImages) {
        overflow.push(media.mediaId);
        ignoredImages++;
      } else formData.append(`images[${images++}]`, media.url);
    } else if (media.field === PACKAGE_UPLOAD_FIELDS.videos) {
      if (videos >= LIMITS.packageVideos) {
        overflow.push(media.mediaId);
        ignoredVideos++;
        continue;
      }
      const name = `videos[${videos++}]`;
      formData.append(`${name}.type`, "upload");
      formData.append(`${name}.url`, media.url);
      formData.append(`${name}.title`, "");
      formData.append(`${name}.description`, "");
    }
  }
  const notices = [
    ...(ignoredImages ? [ignoredFilesNotice(ignoredImages, "images")] : []),
    ...(ignoredVideos ? [ignoredFilesNotice(ignoredVideos, "videos")] : []),
  ];
  return { formData, overflow, ...(notices.length ? { notice: notices.join(" ") } : {}) };
}

/**
 * A package form post, read once: the fields the schema reads (files stored from this post merged
 * in), the notice for chosen files that found no free place, and how to give back what it stored.
 */
export interface PackageFormPost {
  formData: FormData;
  /** The notice for chosen files that found no free place (already released), if any. */
  ignored?: string;
  /**
   * Releases the files this post stored (its save did not go through) and answers their URLs,
   * so the re-rendered form can drop them. A later call releases nothing and answers the same
   * URLs (a failed write releases them first, then the form asks which they were).
   */
  release(): Promise<string[]>;
}

/**
 * Reads a package form post: streams its files to storage (see above) and answers the post
 * (PackageFormPost). Throws UploadError (with `formData` of the text fields) on a refused file.
 */
export async function readPackageFormPost(
  upload: UploadBody,
  deps: { db: Db; store: MediaStore },
): Promise<PackageFormPost> {
  const { db, store } = deps;
  const parsed = await parseUploadForm(upload, {
    folder: "packages",
    files: { [PACKAGE_UPLOAD_FIELDS.images]: "image", [PACKAGE_UPLOAD_FIELDS.videos]: "video" },
    db,
    store,
  });
  const { formData, overflow, notice } = mergeNewMedia(parsed);
  if (overflow.length) await releaseQuietly(db, store, overflow);
  let released = false;
  return {
    formData,
    ...(notice ? { ignored: notice } : {}),
    async release() {
      if (parsed.stored.length === 0) return [];
      if (!released) {
        released = true;
        try {
          await parsed.release();
        } catch (error) {
          log("warn", "package form uploads not released", { error: String(error) });
        }
      }
      return parsed.stored.map((s) => s.url);
    },
  };
}
