import { useEffect } from "react";
import { toast, Toaster } from "sonner";

export interface FlashMessage {
  type: "success" | "error" | "info";
  message: string;
  id?: string;
}

const TITLES: Record<FlashMessage["type"], string> = {
  success: "Success",
  error: "Error",
  info: "Notice",
};

/** A sonner toast titled as spec §8 does ('Success', 'Error') with the message below it. */
export function showToast(type: FlashMessage["type"], message: string, id?: string): void {
  const options = { description: message, ...(id ? { id } : {}) };
  if (type === "success") toast.success(TITLES.success, options);
  else if (type === "error") toast.error(TITLES.error, options);
  else toast.info(TITLES.info, options);
}

/**
 * The one toast outlet of the app. A flash message from the server shows as a toast; without
 * JavaScript it shows as a status region instead (noscript content is shown only then).
 */
export function FlashMessages({ flash }: { flash: FlashMessage | null }) {
  useEffect(() => {
    if (!flash) return;
    showToast(flash.type, flash.message, flash.id);
  }, [flash]);

  return (
    <>
      <Toaster position="top-right" closeButton richColors />
      {flash ? (
        <noscript>
          <div className={`flash flash-${flash.type}`} role="status">
            {flash.message}
          </div>
        </noscript>
      ) : null}
    </>
  );
}
