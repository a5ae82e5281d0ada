// Never inlined as a data: URL: <use> only follows references to real files.
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * Small stroke icons from one sprite file (app/components/ui/icons.svg: hashed, cached for a year):
 * the path data is neither in the page's JS nor repeated in its HTML for every card; always
 * decorative. A name here must have a <symbol id> there (tests/unit/icons.test.ts).
 */
export const ICON_NAMES = [
  "phone",
  "mail",
  "pin",
  "clock",
  "calendar",
  "star",
  "check",
  "x",
  "left",
  "right",
  "play",
  "pause",
  "menu",
  "chat",
  "shield",
  "wallet",
  "sun",
  "gift",
  "plane",
  "bed",
  "users",
  "award",
  "facebook",
  "instagram",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** Drawn with a fill instead of a stroke. */
const FILLED: ReadonlySet<IconName> = new Set(["star", "play", "pause"]);

export function Icon({
  name,
  size = 18,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  const filled = FILLED.has(name);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
