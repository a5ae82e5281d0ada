import { Icon } from "./icons";

/** Pause/play button of an auto-advancing carousel; only rendered once the carousel runs. */
export function AutoplayToggle({
  paused,
  onToggle,
  label,
  className,
}: {
  paused: boolean;
  onToggle: () => void;
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`autoplay-toggle ${className ?? ""}`}
      aria-label={`${paused ? "Play" : "Pause"} ${label}`}
      onClick={onToggle}
    >
      <Icon name={paused ? "play" : "pause"} size={12} />
    </button>
  );
}
