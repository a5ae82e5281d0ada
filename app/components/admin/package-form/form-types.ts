import type { z } from "zod";
import type { PackageFormSchema } from "~/domain/package-form";

/** The shape Conform sees: the form schema's input. */
export type PackageFormInput = z.input<PackageFormSchema>;

/** What the form schema yields (numbers parsed, blank rows dropped). */
export type PackageFormOutput = z.output<PackageFormSchema>;
