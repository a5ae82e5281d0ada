import { packageInputSchema, type PackageInputRaw, type PackageKind } from "~/domain/schemas";
import type { Db } from "~/server/platform/db.server";
import { createPackage } from "~/server/catalogue/packages.server";

export function packageInput(kind: PackageKind, overrides: Partial<PackageInputRaw> = {}) {
  return packageInputSchema(kind).parse({
    title: "Bali Escape",
    price: "$2,450 per person",
    duration: "7 days",
    location: "Ubud, Bali",
    status: "published",
    ...overrides,
  });
}

export function makePackage(db: Db, kind: PackageKind, overrides: Partial<PackageInputRaw> = {}) {
  return createPackage(db, kind, packageInput(kind, overrides));
}
