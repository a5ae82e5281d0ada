// Upload memory for `npm run bench`: a 60 MB video sent to POST /admin/uploads must raise the
// server's RSS by less than 30 MB (DESIGN.md: uploads stream, they are never held in memory).
import fs from "node:fs";
import { signIn } from "./bench-admin.ts";

const MiB = 1024 * 1024;
const VIDEO_BYTES = 62_914_560;
export const UPLOAD_RSS_BUDGET = 30 * MiB;

/** Resident memory of a process (Linux /proc), in bytes; undefined elsewhere. */
export function rssOf(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A multipart body with one MP4-typed file of `bytes`, generated as it is sent. */
function multipartBody(bytes: number, boundary: string): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\n` +
      `Content-Type: video/mp4\r\n\r\n`,
  );
  const ftyp = Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex");
  const chunk = Buffer.alloc(256 * 1024, 0);
  let sent = 0;
  let phase: "head" | "body" | "tail" | "done" = "head";
  return new ReadableStream({
    pull(controller) {
      if (phase === "head") {
        controller.enqueue(head);
        controller.enqueue(ftyp);
        sent = ftyp.length;
        phase = "body";
      } else if (phase === "body") {
        const size = Math.min(chunk.length, bytes - sent);
        controller.enqueue(chunk.subarray(0, size));
        sent += size;
        if (sent >= bytes) phase = "tail";
      } else if (phase === "tail") {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        phase = "done";
      } else controller.close();
    },
  });
}

async function upload(url: string, cookie: string, bytes: number): Promise<number> {
  const boundary = `bench-${Date.now()}`;
  const response = await fetch(`${url}/admin/uploads?kind=video&folder=packages`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
    body: multipartBody(bytes, boundary),
    duplex: "half",
  } as RequestInit);
  await response.arrayBuffer();
  return response.status;
}

/**
 * Signs in, warms the upload path with a small file, then sends a 60 MB video while sampling the
 * server's RSS every 20 ms. Answers the peak rise over the RSS just before the upload.
 */
export async function measureUploadRss(
  url: string,
  pid: number,
  admin: { email: string; password: string },
): Promise<{ rise: number; status: number } | undefined> {
  if (rssOf(pid) === undefined) return undefined;
  const cookie = await signIn(url, admin);
  await upload(url, cookie, 2 * MiB);
  await new Promise((r) => setTimeout(r, 500));
  const before = rssOf(pid)!;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid) ?? peak);
  }, 20);
  try {
    const status = await upload(url, cookie, VIDEO_BYTES);
    peak = Math.max(peak, rssOf(pid) ?? peak);
    return { rise: peak - before, status };
  } finally {
    clearInterval(timer);
  }
}

export const UPLOAD_RUNS = 5;

export interface UploadRssRuns {
  /** Each run's rise, in the order measured. */
  rises: number[];
  median: number;
  max: number;
  /** Every upload answered 200. */
  ok: boolean;
}

/**
 * UPLOAD_RUNS uploads one after the other (a rise depends on when the collector runs, so one
 * figure says little): each rise, their median and the largest. The budget holds for the largest.
 */
export async function measureUploadRssRuns(
  url: string,
  pid: number,
  admin: { email: string; password: string },
): Promise<UploadRssRuns | undefined> {
  const rises: number[] = [];
  let ok = true;
  for (let run = 0; run < UPLOAD_RUNS; run++) {
    const result = await measureUploadRss(url, pid, admin);
    if (!result) return undefined;
    rises.push(result.rise);
    ok &&= result.status === 200;
  }
  const sorted = [...rises].sort((a, b) => a - b);
  return { rises, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)!, ok };
}

const mb = (bytes: number) => (bytes / MiB).toFixed(1);

/** "+12.3 MB median, +10.1…+14.0 over 5 runs" */
export function describeUploadRuns(runs: UploadRssRuns): string {
  const sorted = [...runs.rises].sort((a, b) => a - b);
  return `+${mb(runs.median)} MB median, +${mb(sorted[0]!)}…+${mb(runs.max)} over ${runs.rises.length} runs${runs.ok ? "" : " (an upload failed)"}`;
}
