/** The logo mark, inline so the header needs no image request. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f3d3e" />
      <path d="M12 44 28 20l8 12 6-8 10 20z" fill="#e3b95a" />
      <circle cx="46" cy="18" r="5" fill="#e3b95a" />
    </svg>
  );
}
