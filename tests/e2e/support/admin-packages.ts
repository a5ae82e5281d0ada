import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { PACKAGE_KIND_INFO } from "../../../app/domain/package-kinds";
import type { PackageKind } from "../../../app/domain/schemas";

/** A title no other test uses: the e2e database is shared by all specs. */
export const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

/** A package of `kind` made through the JSON API as the signed-in page's admin. */
export async function createPackage(
  page: Page,
  kind: PackageKind,
  body: Record<string, unknown>,
): Promise<{ id: string; title: string }> {
  const response = await page.request.post(PACKAGE_KIND_INFO[kind].api.base, {
    data: { price: "R 1 000", duration: "3 days", ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** The titles of the admin list's cards, in order. */
export const cardTitles = (page: Page) => page.locator(".admin-card h2").allInnerTexts();
