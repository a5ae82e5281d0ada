import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { expectNoSeriousViolations } from "./support/expectations";

// An image's own alt text and focal point set in the package form, by clicking the
// picture with JavaScript or choosing from the 3 × 3 grid without it; the public page crops
// around it (object-position) and uses the alt text.

interface ApiPackage {
  id: string;
  status: string;
  images: string[];
  image_details?: { url: string; alt: string; focal_x: number; focal_y: number }[];
}

test("@nojs set a photo's alt text and focal point; the public page uses both", async ({
  adminPage: page,
  javaScriptEnabled,
}) => {
  const trips = (await (await page.request.get("/api/trips")).json()) as ApiPackage[];
  const donor = trips.find((p) => p.images.length > 0);
  if (!donor) throw new Error("the demo catalogue has a trip with photos");
  const title = `Focal ${randomUUID().slice(0, 8)}`;
  const made = await page.request.post("/api/trips", {
    data: { title, price: "R 5 000", status: "published", images: [donor.images[0]] },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  await page.goto(`/admin/edit-package/${id}`);
  await page.getByLabel("Alt text (cover)").fill("A dhow at sunset off the beach");
  const grid = page.getByRole("group", { name: "Focal point (cover)" });
  if (javaScriptEnabled === false) {
    await grid.getByLabel("Bottom right").check();
  } else {
    // A click on the picture sets the point where it lands (here a quarter in, three down).
    const picker = page.getByRole("button", { name: "Set the focal point of cover" });
    const box = (await picker.boundingBox())!;
    await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    await expectNoSeriousViolations(page, "the package form with a focal point set");
  }
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  const saved = (await (await page.request.get(`/api/trips/${id}`)).json()) as ApiPackage;
  const detail = saved.image_details![0]!;
  expect(detail.alt).toBe("A dhow at sunset off the beach");
  const expected = javaScriptEnabled === false ? [1, 1] : [0.25, 0.75];
  expect(detail.focal_x).toBeCloseTo(expected[0]!, 1);
  expect(detail.focal_y).toBeCloseTo(expected[1]!, 1);

  const html = await (await page.request.get(`/package/${id}`)).text();
  expect(html).toContain('alt="A dhow at sunset off the beach"');
  expect(html).toMatch(
    javaScriptEnabled === false ? /object-position:\s*100% 100%/ : /object-position:\s*2\d% 7\d%/,
  );
});
