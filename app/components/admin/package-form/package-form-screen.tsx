import type { PackageFormData, PackageFormReply } from "~/domain/package-form";
import { kindInfo } from "~/domain/package-kinds";
import { ExclusivePackageForm } from "./exclusive-form";
import { formTitle } from "./form-texts";
import { FullPackageForm } from "./full-form";
import "~/styles/admin-form.css";

interface PackageFormScreenProps {
  form: PackageFormData;
  reply: PackageFormReply | undefined;
}

/** One screen for the eight form URLs: the kind table decides which form (full or exclusive). */
export function PackageFormScreen({ form, reply }: PackageFormScreenProps) {
  const Editor = kindInfo(form.kind).admin.form === "full" ? FullPackageForm : ExclusivePackageForm;
  return (
    <section className="admin-section package-form-screen">
      <header className="admin-section-header">
        <h1 id="form-heading">{formTitle(form.kind, form.mode)}</h1>
      </header>
      {/* A new key per package, so moving from one edit URL to another starts a fresh form. */}
      <Editor key={`${form.kind}-${form.id ?? "new"}`} data={form} reply={reply} />
    </section>
  );
}
