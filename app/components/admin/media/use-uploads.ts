import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { uploadFile, type UploadOutcome } from "./upload-client";
import type { UploadInFlight } from "./upload-progress";

interface Texts {
  /** 'Image uploaded successfully' */
  success: string;
  /** 'Failed to upload image': when the server gave no message. */
  failed: string;
}

let counter = 0;

/**
 * Instant uploads for one form section: starts them, tracks their progress, cancels them, and
 * reports the outcome with the spec's toasts ('Upload Failed' + message, or the generic text).
 */
export function useUploads(
  target: { kind: "image" | "video"; folder: "packages" | "travel-moments" },
  texts: Texts,
  onUploaded: (url: string) => void,
) {
  const [uploads, setUploads] = useState<UploadInFlight[]>([]);
  const handles = useRef(new Map<string, () => void>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  // Leaving the page stops what is still on its way.
  useEffect(() => {
    const current = handles.current;
    return () => current.forEach((cancel) => cancel());
  }, []);

  const start = useCallback(
    (file: File) => {
      const id = `upload-${++counter}`;
      const handle = uploadFile(file, target, (percent) =>
        setUploads((list) => list.map((u) => (u.id === id ? { ...u, percent } : u))),
      );
      handles.current.set(id, handle.cancel);
      setUploads((list) => [...list, { id, name: file.name, percent: 0, cancel: handle.cancel }]);
      void handle.done.then((outcome: UploadOutcome) => {
        handles.current.delete(id);
        setUploads((list) => list.filter((u) => u.id !== id));
        if (outcome.ok) {
          uploaded.current(outcome.url);
          toast.success(texts.success);
        } else if (outcome.cancelled) {
          toast(`Upload of "${file.name}" cancelled`);
        } else if (outcome.error) {
          toast.error("Upload Failed", { description: outcome.error });
        } else {
          toast.error(texts.failed);
        }
      });
    },
    [target, texts],
  );

  return { uploads, start };
}
