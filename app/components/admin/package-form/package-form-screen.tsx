import type { PackageFormData, PackageFormReply } from "~/domain/package-form";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { kindInfo } from "~/domain/package-kinds";
import { historyPath } from "~/domain/versions";
import { ExclusivePackageForm } from "./exclusive-form";
import { formTitle } from "./form-texts";
import { FullPackageForm } from "./full-form";
import "~/styles/admin-form.css";

interface PackageFormScreenProps {
  form: PackageFormData;
  reply: PackageFormReply | undefined;
  /** Links to the package's translations, when the site has other languages (decision 139). */
  languages?: ReactNode;
}

/** One screen for the eight form URLs: the kind table decides which form (full or exclusive). */
export function PackageFormScreen({ form, reply, languages }: PackageFormScreenProps) {
  const Editor = kindInfo(form.kind).admin.form === "full" ? FullPackageForm : ExclusivePackageForm;
  return (
    <section className="admin-section package-form-screen">
      <header className="admin-section-header">
        <h1 id="form-heading">{formTitle(form.kind, form.mode)}</h1>
        {form.mode === "edit" && form.id ? (
          <Link to={historyPath(form.kind, form.id)} className="button button-secondary">
            History
          </Link>
        ) : null}
      </header>
      {languages}
      {/* A new key per package, so moving from one edit URL to another starts a fresh form. */}
      <Editor key={`${form.kind}-${form.id ?? "new"}`} data={form} reply={reply} />
    </section>
  );
}
