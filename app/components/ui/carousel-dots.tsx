interface CarouselDotsProps {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  /** Accessible name of dot i, e.g. "Show slide 2: Bali". */
  labelFor: (index: number) => string;
  groupLabel: string;
  className?: string;
}

export function CarouselDots({
  count,
  selected,
  onSelect,
  labelFor,
  groupLabel,
  className,
}: CarouselDotsProps) {
  return (
    <div className={`carousel-dots ${className ?? ""}`} role="group" aria-label={groupLabel}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className="carousel-dot"
          aria-label={labelFor(i)}
          aria-current={i === selected ? "true" : undefined}
          onClick={() => onSelect(i)}
        />
      ))}
    </div>
  );
}
