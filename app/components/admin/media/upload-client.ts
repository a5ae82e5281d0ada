/** What POST /admin/uploads answered, or why there is no answer. */
export type UploadOutcome =
  | { ok: true; url: string; kind: "image" | "video"; width: number | null; height: number | null }
  | { ok: false; cancelled: boolean; error?: string };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  cancel(): void;
}

const SESSION_ENDED = "Your session has ended. Please sign in again.";

/**
 * Sends one file to POST /admin/uploads with XMLHttpRequest (fetch has no upload progress),
 * reporting progress in percent. `cancel()` aborts it; the server then keeps nothing.
 */
export function uploadFile(
  file: File,
  target: { kind: "image" | "video"; folder: "packages" | "travel-moments" },
  onProgress: (percent: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open("POST", `/admin/uploads?kind=${target.kind}&folder=${target.folder}`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { url?: string; error?: string; kind?: string } | null;
      if (xhr.status === 200 && body?.url) {
        const media = body as { url: string; width: number | null; height: number | null };
        resolve({
          ok: true,
          url: media.url,
          kind: target.kind,
          width: media.width,
          height: media.height,
        });
      } else if (body?.error) {
        resolve({ ok: false, cancelled: false, error: body.error });
      } else if (/\/admin\/?$/.test(new URL(xhr.responseURL || "/", location.href).pathname)) {
        // The guard sent the request to the sign-in screen.
        resolve({ ok: false, cancelled: false, error: SESSION_ENDED });
      } else {
        resolve({ ok: false, cancelled: false });
      }
    };
    xhr.onerror = () => resolve({ ok: false, cancelled: false });
    xhr.onabort = () => resolve({ ok: false, cancelled: true });
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
  return { done, cancel: () => xhr.abort() };
}

export const MAX_UPLOAD_MB = 60;
