import { useEffect, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import type { FlashMessage } from "~/components/admin/flash-messages";

type Outlet = ComponentType<{ flash: FlashMessage | null }>;

const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/**
 * The toast outlet, without putting sonner in every public page's JavaScript: the toast library
 * loads (as its own chunk) only where toasts can happen, on admin screens or when the server sent a
 * flash message. Without JavaScript the message shows as a status region, rendered on the server.
 */
export function FlashOutlet({ flash }: { flash: FlashMessage | null }) {
  const { pathname } = useLocation();
  const needed = flash !== null || isAdminPath(pathname);
  const [Loaded, setLoaded] = useState<Outlet | null>(null);

  useEffect(() => {
    if (!needed || Loaded) return;
    let live = true;
    void import("~/components/admin/flash-messages").then((module) => {
      if (live) setLoaded(() => module.FlashMessages);
    });
    return () => {
      live = false;
    };
  }, [needed, Loaded]);

  if (Loaded) return <Loaded flash={flash} />;
  return flash ? (
    <noscript>
      <div className={`flash flash-${flash.type}`} role="status">
        {flash.message}
      </div>
    </noscript>
  ) : null;
}
