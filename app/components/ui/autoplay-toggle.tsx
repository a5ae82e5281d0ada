import { fillIn } from "~/domain/fill-in";
import type { CarouselWords } from "~/domain/site-views";
import { Icon } from "./icons";

/** Pause/play button of an auto-advancing carousel; only rendered once the carousel runs. */
export function AutoplayToggle({
  paused,
  onToggle,
  label,
  words,
  className,
}: {
  paused: boolean;
  onToggle: () => void;
  label: string;
  /** "Play {name}" and "Pause {name}" in the page's language. */
  words: CarouselWords;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`autoplay-toggle ${className ?? ""}`}
      aria-label={fillIn(paused ? words.play : words.pause, { name: label })}
      onClick={onToggle}
    >
      <Icon name={paused ? "play" : "pause"} size={12} />
    </button>
  );
}
