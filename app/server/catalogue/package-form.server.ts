import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import {
  formRouteFromPattern,
  packageFormSchema,
  packageFormValues,
  type FormMode,
  type PackageFormData,
  type PackageFormReply,
} from "~/domain/package-form";
import { kindInfo, kindMessages } from "~/domain/package-kinds";
import { isUuid, slugify, type PackageKind } from "~/domain/schemas";
import { packageMediaIds, pruneQuietly } from "../api/api-media.server";
import { redirectWithToast } from "../auth/toast.server";
import type { Db } from "../platform/db.server";
import { isAppError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { formHasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { createPackage, getPackageById, updatePackage } from "./packages.server";

type FormArgs = LoaderFunctionArgs | ActionFunctionArgs;

export interface PackageFormTarget {
  kind: PackageKind;
  mode: FormMode;
  /** The package being edited (edit mode only). */
  id?: string;
}

/** The kind and mode come from the matched route pattern, never from the URL text. */
export function packageFormTarget(args: FormArgs): PackageFormTarget {
  const route = formRouteFromPattern(args.pattern);
  if (!route) throw new Error(`No package form serves ${args.pattern}`);
  if (route.mode === "new") return route;
  const id = args.params.id ?? "";
  // A malformed id is as unknown as a missing one.
  if (!isUuid(id)) throw notFoundResponse(route.kind);
  return { ...route, id };
}

const notFoundResponse = (kind: PackageKind) =>
  data(kindMessages(kind).notFound, { status: 404, statusText: "Not Found" });

async function existingPackage(db: Db, target: PackageFormTarget) {
  if (!target.id) return undefined;
  const pkg = await getPackageById(db, target.kind, target.id);
  // An unknown id, or the id of another kind's package, is not found here.
  if (!pkg) throw notFoundResponse(target.kind);
  return pkg;
}

export async function loadPackageForm(db: Db, args: LoaderFunctionArgs): Promise<PackageFormData> {
  const target = packageFormTarget(args);
  const pkg = await existingPackage(db, target);
  return { ...target, values: packageFormValues(pkg), savedStatus: pkg?.status ?? "draft" };
}

/**
 * The one place a package form's body is read. Today the whole multipart body is buffered (the
 * form carries text and media URLs only); uploads replace this with a streaming parser.
 */
export async function readPackageFormData(request: Request): Promise<FormData> {
  return request.formData();
}

const reply = (value: PackageFormReply, status: number) => data(value, { status });

/**
 * Validates with the API's schema and saves. Answers a redirect with a flash toast on success;
 * otherwise the submission (every typed value kept) with field or form errors.
 */
export async function submitPackageForm(db: Db, args: ActionFunctionArgs) {
  const target = packageFormTarget(args);
  const { kind } = target;
  const messages = kindMessages(kind);
  const pkg = await existingPackage(db, target);
  const formData = await readPackageFormData(args.request);
  const submission = parseWithZod(formData, {
    schema: packageFormSchema(kind),
    disableAutoCoercion: true,
  });
  if (formHasUnstorableText(formData)) {
    return reply({ result: submission.reply({ formErrors: [UNSTORABLE_TEXT_MESSAGE] }) }, 400);
  }
  // An add/remove-row intent (no JavaScript), or invalid input: the form comes back as typed.
  if (submission.status !== "success") {
    return reply({ result: submission.reply() }, submission.status === "error" ? 400 : 200);
  }
  const { updated_at: version, ...input } = submission.value;
  const full = kindInfo(kind).admin.form === "full";
  try {
    if (!pkg) {
      // The full form refuses a taken slug; the exclusive form derives one and numbers it.
      const slug = full ? (input.slug ?? slugify(input.title)) : undefined;
      await createPackage(
        db,
        kind,
        { ...input, slug },
        { slugConflict: full ? "refuse" : "suffix" },
      );
    } else {
      // The exclusive form has no slug field: its package keeps the slug it has.
      const slug = full ? (input.slug ?? slugify(input.title)) : undefined;
      const before = await packageMediaIds(db, pkg.id);
      await updatePackage(
        db,
        kind,
        pkg.id,
        { ...input, slug },
        { slugConflict: "refuse", expectedUpdatedAt: version ?? pkg.updated_at },
      );
      await pruneQuietly(before);
    }
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFoundResponse(kind);
    if (isAppError(error) && error.status === 409) {
      const fieldErrors = error.details ?? {};
      const formErrors = fieldErrors.slug ? [] : [error.message];
      return reply(
        {
          result: submission.reply({ formErrors, fieldErrors }),
          ...(formErrors.length ? { toast: error.message, stale: true } : {}),
        },
        409,
      );
    }
    const message = pkg ? messages.updateFailed : messages.createFailed;
    log("error", "package form save failed", {
      kind,
      id: pkg?.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return reply({ result: submission.reply({ formErrors: [message] }), toast: message }, 500);
  }
  return redirectWithToast(args.request, kindInfo(kind).admin.listPath, {
    type: "success",
    message: pkg ? messages.updated : messages.created,
  });
}
