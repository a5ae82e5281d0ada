// Admin first-load JS for `npm run bench` (issue 21, decision 105): the brotli bytes of the
// scripts the dashboard, a package edit form and the travel moments screen load, signed in.
// Stated, not budgeted: what only some screens need (drag and drop, dialogs, uploads) should
// show up on those screens alone.
import { brotliBytes, firstLoadScripts } from "../tests/support/page-scripts.ts";

async function signIn(url: string, admin: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Brotli first-load JS per admin screen, keyed by a readable name. */
export async function measureAdminJs(
  url: string,
  admin: { email: string; password: string },
  clientDir: string,
): Promise<Record<string, number>> {
  const cookie = await signIn(url, admin);
  const page = async (pathname: string) => {
    const response = await fetch(`${url}${pathname}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return response.text();
  };
  const dashboard = await page("/admin/dashboard");
  const edit = /href="(\/admin\/edit-package\/[^"]+)"/.exec(dashboard)?.[1];
  if (!edit) throw new Error("no package edit link on /admin/dashboard");
  const bytes = (html: string) => brotliBytes(firstLoadScripts(html, clientDir), clientDir);
  return {
    "/admin/dashboard": bytes(dashboard),
    "/admin/edit-package/:id": bytes(await page(edit)),
    "/admin/travel-moments": bytes(await page("/admin/travel-moments")),
  };
}
