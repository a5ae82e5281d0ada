import { FormProvider, getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { PackageFormData, PackageFormReply } from "~/domain/package-form";
import { kindInfo } from "~/domain/package-kinds";
import { useCan } from "../permissions";
import type { PackageFormInput } from "./form-types";
import { FormErrors } from "./form-fields";
import { ProposalNotice } from "./proposal-notice";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";

interface PackageFormFrameProps {
  form: FormMetadata<PackageFormInput>;
  data: PackageFormData;
  reply: PackageFormReply | undefined;
  /** What comes before the form-level messages (a notice, a hidden default button). */
  lead?: ReactNode;
  /** The submit buttons, after Cancel. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * What every package form shares (full and exclusive): the multipart POST, the form-level
 * messages (a stale edit links to the latest version), the version it edits, and Cancel back to
 * the kind's own list next to the form's submit buttons.
 */
export function PackageFormFrame({
  form,
  data,
  reply,
  lead,
  actions,
  children,
}: PackageFormFrameProps) {
  const info = kindInfo(data.kind);
  // A role that cannot publish saves drafts and submits them for review (decision 132).
  const mayPublish = useCan("content.publish");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="package-form"
      aria-labelledby="form-heading"
    >
      <UnsavedChangesGuard formId={form.id} />
      {lead}
      {data.proposal ? <ProposalNotice notice={data.proposal} /> : null}
      <FormErrors
        form={form}
        latestHref={reply?.stale && data.id ? info.admin.editPath(data.id) : undefined}
      />
      {data.values.updated_at ? (
        <input type="hidden" name="updated_at" value={data.values.updated_at} />
      ) : null}
      {/* Sections that read their rows' values subscribe on their own (useOwnField). */}
      <FormProvider context={form.context}>{children}</FormProvider>
      <div className="form-actions">
        <Link to={info.admin.listPath} className="button button-secondary">
          Cancel
        </Link>
        {actions}
        {mayPublish ? null : (
          <button type="submit" name="intent" value="submit-for-review" className="button">
            Submit for review
          </button>
        )}
      </div>
    </Form>
  );
}
