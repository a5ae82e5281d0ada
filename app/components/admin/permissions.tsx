import { createContext, useContext } from "react";
import type { Permission } from "~/domain/permissions";

/**
 * The signed-in admin's permissions, set once by the admin layout, so a screen can hide what the
 * role cannot use (the server refuses it anyway, decision 125).
 */
const PermissionsContext = createContext<readonly Permission[] | null>(null);

export const PermissionsProvider = PermissionsContext.Provider;

/** True when the admin may use `permission`; true outside the admin layout (nothing to hide). */
export function useCan(permission: Permission): boolean {
  const permissions = useContext(PermissionsContext);
  return permissions === null || permissions.includes(permission);
}
