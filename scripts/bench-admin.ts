// Admin first-load JS for `npm run bench` (decision 105): the brotli bytes of the
// scripts the dashboard, a package edit form and the travel moments screen load, signed in.
// Stated, not budgeted: what only some screens need (drag and drop, dialogs, uploads) should
// show up on those screens alone.
import { brotliBytes, firstLoadScripts } from "../tests/support/page-scripts.ts";

export interface AdminCredentials {
  email: string;
  password: string;
}

/** Signs in through the JSON API: the session cookies as one `Cookie` header. */
export async function signIn(url: string, admin: AdminCredentials): Promise<string> {
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

/** The admin screens the bench measures, by a readable name: the edit form is the first package's. */
export async function adminScreens(
  url: string,
  cookie: string,
): Promise<{ screens: Record<string, string>; html: Record<string, string> }> {
  const page = async (pathname: string) => {
    const response = await fetch(`${url}${pathname}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return response.text();
  };
  const dashboard = await page("/admin/dashboard");
  const edit = /href="(\/admin\/edit-package\/[^"]+)"/.exec(dashboard)?.[1];
  if (!edit) throw new Error("no package edit link on /admin/dashboard");
  const screens = {
    "/admin/dashboard": "/admin/dashboard",
    "/admin/edit-package/:id": edit,
    "/admin/travel-moments": "/admin/travel-moments",
  };
  return {
    screens,
    html: {
      "/admin/dashboard": dashboard,
      "/admin/edit-package/:id": await page(edit),
      "/admin/travel-moments": await page("/admin/travel-moments"),
    },
  };
}

/** Brotli first-load JS per admin screen, keyed by a readable name. */
export async function measureAdminJs(
  url: string,
  admin: AdminCredentials,
  clientDir: string,
): Promise<Record<string, number>> {
  const { html } = await adminScreens(url, await signIn(url, admin));
  return Object.fromEntries(
    Object.entries(html).map(([name, text]) => [
      name,
      brotliBytes(firstLoadScripts(text, clientDir), clientDir),
    ]),
  );
}
