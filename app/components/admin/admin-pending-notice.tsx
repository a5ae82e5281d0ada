import { useLocation, useNavigation } from "react-router";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";

/**
 * While the admin moves to a package list from another screen, the list's loading text
 * ('Loading packages...', spec §2) shows; the list itself shows it for its own searches.
 */
export function AdminPendingNotice() {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  const target = navigation.location.pathname.replace(/\/+$/, "");
  if (target === location.pathname.replace(/\/+$/, "")) return null;
  const info = Object.values(PACKAGE_KIND_INFO).find((k) => k.admin.listPath === target);
  if (!info) return null;
  return (
    <p className="admin-list-loading" role="status">
      {info.admin.loadingText}
    </p>
  );
}
