import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import "~/styles/admin-dialog.css";

export interface DialogProps {
  /** Whether the dialog shows. Drive it from the URL (`?delete=ID`) so the server renders it too. */
  open: boolean;
  /** The heading; the dialog is labelled by it. */
  title: string;
  /** Optional text under the heading; the dialog is described by it. */
  description?: ReactNode;
  /** `alertdialog` for confirmations of destructive actions. */
  role?: "dialog" | "alertdialog";
  /**
   * Called when the browser closes the dialog while `open` is still true (Escape). The parent
   * then sets `open` to false, or navigates to the URL without the dialog's parameter.
   */
  onClose?: () => void;
  className?: string;
  children?: ReactNode;
}

/**
 * The admin's one dialog: a native <dialog>.
 *
 * Without JavaScript (and during hydration) an open dialog renders with the `open` attribute, as
 * part of the page: the confirmation step is a URL the server renders. Once hydrated it becomes
 * modal through showModal(): focus moves into it (to the first focusable element, or one marked
 * `autoFocus`), the page behind is inert, Escape closes it, and on close focus returns to what
 * had it before (the trigger).
 */
export function Dialog({
  open,
  title,
  description,
  role = "dialog",
  onClose,
  className,
  children,
}: DialogProps) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    openRef.current = open;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      const target = returnTo.current;
      returnTo.current = null;
      if (target?.isConnected) target.focus();
      // Closed by the browser (Escape) rather than by the parent: tell the parent.
      if (openRef.current) onCloseRef.current?.();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  // Closing on unmount keeps the page usable if the parent drops an open dialog.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      // Server-rendered open (no JavaScript); once hydrated, showModal() takes over.
      open={!hydrated && open ? true : undefined}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={["admin-dialog", className].filter(Boolean).join(" ")}
    >
      <h2 id={titleId} className="admin-dialog-title">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="admin-dialog-description">
          {description}
        </div>
      ) : null}
      {children}
    </dialog>
  );
}

/** A row of dialog buttons (Cancel first, the action last). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="admin-dialog-actions">{children}</div>;
}
