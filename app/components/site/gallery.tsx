import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { CarouselDots } from "~/components/ui/carousel-dots";
import { Icon } from "~/components/ui/icons";
import { SiteImage } from "~/components/ui/site-image";
import { useHydrated } from "~/components/ui/use-hydrated";
import { swipeStep, wrapIndex } from "~/domain/gallery";
import { fillIn } from "~/domain/fill-in";
import type { GalleryText, ImageView } from "~/domain/site-views";

const SIZES = "(min-width: 1200px) 1140px, 100vw";

/**
 * Package photos. Without JavaScript it is a horizontally scrollable, snapping row of all photos;
 * once hydrated it becomes a one-photo gallery with arrows, dots, a counter, keyboard arrows and
 * swipe (a move of at least 50 px).
 */
export function Gallery({ images, text }: { images: ImageView[]; text: GalleryText }) {
  const [index, setIndex] = useState(0);
  const enhanced = useHydrated();
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="gallery">
        <SiteImage image={undefined} sizes={SIZES} className="gallery-image" />
      </div>
    );
  }

  const go = (i: number) => setIndex(wrapIndex(i, count));
  const interactive = enhanced && count > 1;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(count - 1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!interactive || !from) return;
    const step = swipeStep(e.clientX - from.x, e.clientY - from.y);
    if (step !== 0) go(index + step);
  };

  return (
    <section
      className={enhanced ? "gallery is-enhanced" : "gallery"}
      aria-roledescription={text.role}
      aria-label={text.region}
    >
      {/* The photo row takes arrow keys and swipes itself: it is the thing being operated. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        className="gallery-viewport"
        role="group"
        aria-label={text.browse}
        // Focusable so keyboard users can scroll the row without JS and use arrow keys with JS.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
      >
        <div
          className="gallery-track"
          style={interactive ? { transform: `translateX(-${index * 100}%)` } : undefined}
        >
          {images.map((image, i) => (
            <div
              key={image.src + i}
              className="gallery-slide"
              role="group"
              aria-roledescription={text.slideRole}
              aria-label={fillIn(text.slide, { n: i + 1, count })}
              aria-hidden={interactive && i !== index ? true : undefined}
              inert={interactive && i !== index ? true : undefined}
            >
              <SiteImage
                image={image}
                sizes={SIZES}
                className="gallery-image"
                priority={i === 0}
                loading={i === 0 || enhanced ? "eager" : "lazy"}
              />
            </div>
          ))}
        </div>
      </div>
      {!enhanced && count > 1 ? (
        <p className="gallery-counter gallery-count">
          {fillIn(text.count, { count })}
          <span aria-hidden="true"> · {text.scrollMore}</span>
        </p>
      ) : null}
      {interactive ? (
        <>
          <button
            type="button"
            className="gallery-arrow prev"
            aria-label={text.previous}
            onClick={() => go(index - 1)}
          >
            <Icon name="left" size={22} />
          </button>
          <button
            type="button"
            className="gallery-arrow next"
            aria-label={text.next}
            onClick={() => go(index + 1)}
          >
            <Icon name="right" size={22} />
          </button>
          <p className="gallery-counter" aria-live="polite">
            {index + 1} / {count}
          </p>
          <CarouselDots
            className="gallery-dots"
            count={count}
            selected={index}
            onSelect={go}
            groupLabel={text.dots}
            labelFor={(i) => fillIn(text.dot, { n: i + 1, count })}
          />
        </>
      ) : null}
    </section>
  );
}
