import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";

export interface FlashMessage {
  type: "success" | "error" | "info";
  message: string;
  id?: string;
}

/**
 * The one toast outlet of the app. A flash message from the server shows as a toast; without
 * JavaScript it shows as a status region instead (noscript content is shown only then).
 */
export function FlashMessages({ flash }: { flash: FlashMessage | null }) {
  useEffect(() => {
    if (!flash) return;
    const options = flash.id ? { id: flash.id } : undefined;
    if (flash.type === "success") showToast.success(flash.message, options);
    else if (flash.type === "error") showToast.error(flash.message, options);
    else showToast.info(flash.message, options);
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
