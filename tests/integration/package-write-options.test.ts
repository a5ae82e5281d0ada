import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  createPackage,
  getPackageById,
  STALE_EDIT_MESSAGE,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { AppError } from "~/server/platform/errors.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";

/** The repository options the admin forms use: refusing taken slugs, refusing stale edits. */
describe.each(BACKENDS)("package write options on %s", (backend) => {
  const { db } = useTestDatabase(backend);

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error("expected a refusal");
      },
      (error: unknown) => error as AppError,
    );

  it("refuses a taken slug with 409 and a suggestion on `details.slug` when asked to", async () => {
    await makePackage(db(), "trip", { title: "Bali Escape" });
    const error = await refusal(
      createPackage(db(), "trip", packageInput("trip", { title: "Other", slug: "bali-escape" }), {
        slugConflict: "refuse",
      }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(409);
    expect(error.details?.slug?.[0]).toBe(
      'The URL slug "bali-escape" is already used by another package. Choose another, for example "bali-escape-2".',
    );
    const { n } = await db()
      .selectFrom("packages")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
    // The same slug in another kind is free; the default still numbers it.
    await createPackage(db(), "local", packageInput("local", { slug: "bali-escape" }), {
      slugConflict: "refuse",
    });
    const numbered = await createPackage(
      db(),
      "trip",
      packageInput("trip", { slug: "bali-escape" }),
    );
    expect(numbered.slug).toBe("bali-escape-2");
  });

  it("refuses an update to another package's slug but keeps the package's own slug", async () => {
    await makePackage(db(), "discovery", { title: "Taken" });
    const mine = await makePackage(db(), "discovery", { title: "Mine" });
    const error = await refusal(
      updatePackage(
        db(),
        "discovery",
        mine.id,
        packageInput("discovery", { title: "Mine", slug: "taken" }),
        {
          slugConflict: "refuse",
        },
      ),
    );
    expect(error.status).toBe(409);
    const same = await updatePackage(
      db(),
      "discovery",
      mine.id,
      packageInput("discovery", { title: "Mine renamed", slug: "mine" }),
      { slugConflict: "refuse" },
    );
    expect(same.slug).toBe("mine");
  });

  it("refuses an update whose expected updated_at is not the row's, changing nothing", async () => {
    const pkg = await makePackage(db(), "trip", { title: "Versioned", price: "$1" });
    const loaded = pkg.updated_at;
    await sql`update packages set price = 'theirs', updated_at = now() + interval '1 second' where id = ${pkg.id}`.execute(
      db(),
    );
    const error = await refusal(
      updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", { title: "Versioned", price: "mine" }),
        {
          expectedUpdatedAt: loaded,
        },
      ),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(STALE_EDIT_MESSAGE);
    expect((await getPackageById(db(), "trip", pkg.id))!.price).toBe("theirs");

    const current = (await getPackageById(db(), "trip", pkg.id))!;
    const saved = await updatePackage(
      db(),
      "trip",
      pkg.id,
      packageInput("trip", { title: "Versioned", price: "mine" }),
      { expectedUpdatedAt: current.updated_at },
    );
    expect(saved.price).toBe("mine");
    expect(saved.updated_at).not.toBe(current.updated_at);
  });
});
