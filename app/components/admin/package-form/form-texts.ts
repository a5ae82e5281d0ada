import { kindInfo } from "~/domain/package-kinds";
import type { FormMode } from "~/domain/package-form";
import type { PackageKind } from "~/domain/schemas";

/** 'New Local Trip' / 'Edit Local Trip', from the kind table's New button label. */
export function formTitle(kind: PackageKind, mode: FormMode): string {
  const label = kindInfo(kind).admin.newLabel;
  return mode === "new" ? label : label.replace(/^New /, "Edit ");
}
