import fs from "node:fs";
import { ExifTool } from "exiftool-vendored";

/*
 * Container metadata of uploaded videos (decision 085): what a phone records in an MP4
 * or MOV (the `©xyz` location, Apple's location keys, camera make and model, dates, XMP) is
 * deleted by ExifTool, in place, without re-encoding: only the container's metadata boxes change,
 * the audio and video data stay byte for byte. ExifTool cannot write AVI, WMV, FLV or WebM; those
 * are stored as uploaded, and the upload screens say so.
 *
 * One ExifTool (a Perl process) serves every upload, started on the first video. Its pipes do not
 * keep Node alive, an idle one stops after 30 s, and it is killed when the process exits, so
 * shutdown has nothing to close.
 */

/** The stored extensions whose metadata is stripped. */
export const STRIPPED_VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(["mp4", "mov"]);

let exiftool: ExifTool | undefined;

/** Deletes every metadata tag ExifTool can write from the video file at `file`, in place. */
export async function stripVideoMetadata(file: string): Promise<void> {
  exiftool ??= new ExifTool({
    maxProcs: 2,
    maxIdleMsPerProcess: 30_000,
    taskTimeoutMillis: 120_000,
  });
  try {
    await exiftool.deleteAllTags(file);
  } finally {
    // ExifTool keeps the untouched file beside it: that copy still has the metadata.
    await fs.promises.rm(`${file}_original`, { force: true });
  }
}
