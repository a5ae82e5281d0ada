export function StatusBadge({
  tone,
  children,
}: {
  tone: "published" | "draft" | "active" | "inactive";
  children: string;
}) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
