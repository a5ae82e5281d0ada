import type { FocusEventHandler, MouseEventHandler, ReactNode, Ref } from "react";
import { fillIn } from "~/domain/fill-in";
import type { CarouselWords } from "~/domain/site-views";

interface CarouselShellProps<T> {
  /** Classes of the root besides `carousel` and `is-ready`. */
  className: string;
  label: string;
  /** The carousel's words in the page's language ("{n} of {count}", its roles). */
  words: CarouselWords;
  /** From useCarousel: the viewport Embla drives, and whether it runs yet. */
  viewportRef: Ref<HTMLDivElement>;
  ready: boolean;
  /** The autoplay's hover and focus handlers (useAutoplay's rootProps), if it plays by itself. */
  rootProps?: {
    onMouseEnter: MouseEventHandler<HTMLElement>;
    onMouseLeave: MouseEventHandler<HTMLElement>;
    onFocus: FocusEventHandler<HTMLElement>;
    onBlur: FocusEventHandler<HTMLElement>;
  };
  /** The slides, in a fixed order (the server's; they are never reordered, so their index is their key). */
  items: readonly T[];
  /** A slide's name after "2 of 6" (the hero's destination, the moment's title). */
  slideName?: (item: T) => string;
  renderSlide: (item: T, index: number) => ReactNode;
  /** After the viewport: controls, captions, the hero's content. */
  children?: ReactNode;
}

/**
 * The markup every carousel of the site shares (the hero, the logo rows, the travel moments):
 * a labelled section (a region landmark), a viewport that is a native scroll row until Embla runs (focusable then, so
 * keyboard users can scroll it), and slides announced as "n of count".
 */
export function CarouselShell<T>({
  className,
  label,
  words,
  viewportRef,
  ready,
  rootProps,
  items,
  slideName,
  renderSlide,
  children,
}: CarouselShellProps<T>) {
  const count = items.length;
  return (
    <section
      className={`${className} carousel${ready ? " is-ready" : ""}`}
      aria-roledescription={words.role}
      aria-label={label}
      {...rootProps}
    >
      <div className="carousel-viewport" ref={viewportRef} tabIndex={ready ? undefined : 0}>
        <div className="carousel-container">
          {items.map((item, i) => (
            <div
              key={i}
              className="carousel-slide"
              role="group"
              aria-roledescription={words.slideRole}
              aria-label={`${fillIn(words.slide, { n: i + 1, count })}${slideName ? `: ${slideName(item)}` : ""}`}
            >
              {renderSlide(item, i)}
            </div>
          ))}
        </div>
      </div>
      {children}
    </section>
  );
}
