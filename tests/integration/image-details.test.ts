import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageInputSchema } from "~/domain/schemas";
import { getPackageById, updatePackage } from "~/server/catalogue/packages.server";
import { startTestServer, type TestServer } from "../support/app-server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";

// Each package image's own alt text and focal point.

const A = "https://cdn.example.com/a.jpg";
const B = "https://cdn.example.com/b.jpg";

describe.each(BACKENDS)("image details on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("stores alt text and focal point by URL and keeps them when a save does not send them", async () => {
    const pkg = await makePackage(database.db, "trip", {
      title: "Focal",
      images: [A, B],
      image_details: [{ url: B, alt: "Dhow at dusk", focal_x: 0.2, focal_y: 0.8 }],
    });
    const saved = (await getPackageById(database.db, "trip", pkg.id))!;
    expect(saved.imageDetails.map((i) => [i.url, i.alt, i.focal_x, i.focal_y])).toEqual([
      [A, "", 0.5, 0.5],
      [B, "Dhow at dusk", 0.2, 0.8],
    ]);
    // B made the cover by an API client that knows nothing of image details.
    await updatePackage(
      database.db,
      "trip",
      pkg.id,
      packageInput("trip", { title: "Focal", images: [B, A] }),
    );
    const moved = (await getPackageById(database.db, "trip", pkg.id))!;
    expect(moved.imageDetails.map((i) => [i.url, i.alt, i.focal_x])).toEqual([
      [B, "Dhow at dusk", 0.2],
      [A, "", 0.5],
    ]);
  });
});

describe("image details input", () => {
  const parse = (details: unknown) =>
    packageInputSchema("trip").safeParse({ title: "T", images: [A], image_details: details });

  it("refuses a focal point outside 0-1 and alt text over 250 characters; strips invisible text", () => {
    const bad = parse([{ url: A, focal_x: 1.2, focal_y: -0.1 }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      "The focal point must be between 0 and 1",
      "The focal point must be between 0 and 1",
    ]);
    expect(parse([{ url: A, alt: "x".repeat(251) }]).error!.issues[0]!.message).toBe(
      "Alt text must be at most 250 characters",
    );
    expect(parse([{ url: A, alt: "Be\u202Ech\u0000" }]).data!.image_details![0]!.alt).toBe("Bech");
  });
});

describe("image details on the public page and the API", () => {
  let database: TestDatabase;
  let server: TestServer;
  let id = "";
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    id = (
      await makePackage(database.db, "trip", {
        title: "Zanzibar",
        images: [A, B],
        image_details: [{ url: A, alt: "Stone Town rooftops", focal_x: 0.3, focal_y: 0.7 }],
      })
    ).id;
    server = await startTestServer({ DATABASE_URL: database.url! });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("uses the image's alt text and keeps its focal point in view; the title where it has none", async () => {
    const html = await (await server.fetch(`/package/${id}`)).text();
    expect(html).toMatch(/<img[^>]*alt="Stone Town rooftops"[^>]*style="object-position:30% 70%"/);
    expect(html).toContain('alt="Zanzibar - photo 2"');
    const list = await (await server.fetch("/upcoming-trips")).text();
    expect(list).toMatch(/alt="Stone Town rooftops"[^>]*style="object-position:30% 70%"/);
    const api = (await (await server.fetch(`/api/trips/${id}`)).json()) as {
      image_details: unknown;
    };
    expect(api.image_details).toEqual([
      {
        url: A,
        alt: "Stone Town rooftops",
        focal_x: expect.closeTo(0.3, 5),
        focal_y: expect.closeTo(0.7, 5),
      },
      { url: B, alt: "", focal_x: 0.5, focal_y: 0.5 },
    ]);
  });
});
