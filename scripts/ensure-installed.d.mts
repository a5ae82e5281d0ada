export function installState(root: string): {
  state: "missing" | "stale" | "current";
  reason?: string;
};
