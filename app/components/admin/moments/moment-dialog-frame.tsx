import type { ReactNode } from "react";

interface MomentDialogFrameProps {
  title: string;
  titleId: string;
  describedBy?: string;
  role?: "dialog" | "alertdialog";
  children: ReactNode;
}

/** Temporary frame until the shared admin dialog lands: rendered open by the server. */
export function MomentDialogFrame({
  title,
  titleId,
  describedBy,
  role,
  children,
}: MomentDialogFrameProps) {
  return (
    <dialog
      open
      className="reel-dialog"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      role={role}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
