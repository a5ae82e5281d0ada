import { useState, type MouseEvent, type ReactNode } from "react";
import { focalText } from "~/domain/package-form";
import { LIMITS } from "~/domain/schemas";

/** The 3 × 3 grid of focal points offered without JavaScript, in reading order. */
const GRID = [0, 0.5, 1].flatMap((y) => [0, 0.5, 1].map((x) => ({ x, y })));
const GRID_NAMES = [
  "Top left",
  "Top",
  "Top right",
  "Left",
  "Centre",
  "Right",
  "Bottom left",
  "Bottom",
  "Bottom right",
];

interface ImageDetailsProps {
  /** The image's place in the list (the field names follow it). */
  index: number;
  url: string;
  /** "Cover" or "Image 2". */
  label: string;
  /** What the form holds for this image: its own alt text and focal point ("x,y"). */
  alt: string;
  focal: string;
  /** The preview picture, clicked with JavaScript to set the focal point. */
  children: ReactNode;
  /** Refusals of this image's fields from the last save. */
  errors: { alt?: string[]; focal?: string[] };
}

const parse = (focal: string) => {
  const [x = 0.5, y = 0.5] = focal.split(",").map(Number);
  return { x, y };
};

/**
 * An image's own alt text (blank: the package title is read instead, and the form says
 * so) and its focal point, the part crops keep: a click on the picture with JavaScript, a 3 × 3
 * grid of positions without it.
 */
export function ImageDetails({
  index,
  url,
  label,
  alt,
  focal,
  children,
  errors,
}: ImageDetailsProps) {
  const [point, setPoint] = useState(() => parse(focal));
  const [ownAlt, setOwnAlt] = useState(alt);
  const name = (part: string) => `image_details[${index}].${part}`;
  const id = `image-${index}`;
  const value = focalText(point.x, point.y);
  const onGrid = GRID.some((g) => g.x === point.x && g.y === point.y);

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const round = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));
    setPoint({
      x: round((event.clientX - box.left) / box.width),
      y: round((event.clientY - box.top) / box.height),
    });
  };

  return (
    <div className="image-details">
      <input type="hidden" name={name("url")} value={url} />
      <button
        type="button"
        className="focal-picker"
        onClick={pick}
        aria-describedby={`${id}-focal-hint`}
      >
        {children}
        <span
          className="focal-dot"
          aria-hidden="true"
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
        />
        <span className="visually-hidden">Set the focal point of {label.toLowerCase()}</span>
      </button>
      <div className="field">
        <label htmlFor={`${id}-alt`}>Alt text ({label.toLowerCase()})</label>
        <input
          id={`${id}-alt`}
          name={name("alt")}
          type="text"
          maxLength={LIMITS.altText}
          defaultValue={alt}
          onChange={(event) => setOwnAlt(event.currentTarget.value)}
          aria-invalid={errors.alt?.length ? true : undefined}
          aria-describedby={`${id}-alt-hint${errors.alt?.length ? ` ${id}-alt-error` : ""}`}
        />
        {errors.alt?.length ? (
          <p id={`${id}-alt-error`} className="field-error">
            {errors.alt.join(" ")}
          </p>
        ) : null}
        <p
          id={`${id}-alt-hint`}
          className={ownAlt.trim() ? "field-hint" : "field-hint alt-missing"}
        >
          {ownAlt.trim()
            ? "Describes the picture for people who cannot see it."
            : "No alt text of its own: the package title is read instead."}
        </p>
      </div>
      <fieldset className="focal-grid">
        <legend>Focal point ({label.toLowerCase()})</legend>
        <p id={`${id}-focal-hint`} className="field-hint">
          The part of the picture cards and the gallery keep when they crop it.
        </p>
        {errors.focal?.length ? (
          <p className="field-error" role="alert">
            {errors.focal.join(" ")}
          </p>
        ) : null}
        <div className="focal-options">
          {GRID.map((g, i) => {
            const option = focalText(g.x, g.y);
            return (
              <label key={option} className="focal-option">
                <input
                  type="radio"
                  name={name("focal")}
                  value={option}
                  checked={value === option}
                  onChange={() => setPoint(g)}
                />
                <span className="visually-hidden">{GRID_NAMES[i]}</span>
              </label>
            );
          })}
          {/* A point set by clicking the picture (JavaScript) travels in a radio of its own. */}
          {!onGrid ? (
            <input type="radio" name={name("focal")} value={value} checked readOnly hidden />
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
