import type { z } from "zod";
import type { PackageFormSchema } from "~/domain/package-form";

/** The shape Conform sees: the form schema's input. */
export type PackageFormInput = z.input<PackageFormSchema>;
