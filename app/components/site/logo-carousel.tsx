import { Suspense } from "react";
import { AutoplayToggle } from "~/components/ui/carousel-controls";
import { useAutoplay } from "~/components/ui/use-autoplay";
import { useCarousel } from "~/components/ui/use-carousel";
import { LOGO_SIZE, type LogoItem } from "~/domain/site-content";

interface LogoCarouselProps {
  logos: LogoItem[];
  delayMs: number;
  label: string;
  className: string;
}

/** A looping logo row (partners, accreditations); a plain scrollable row without JS. */
export function LogoCarousel({ logos, delayMs, label, className }: LogoCarouselProps) {
  const { viewportRef, api, ready } = useCarousel(
    { loop: true, align: "start" },
    { delay: delayMs, stopOnInteraction: true, stopOnFocusIn: false },
  );
  const autoplay = useAutoplay(api);
  return (
    <div
      className={`${className} carousel${ready ? " is-ready" : ""}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      {...autoplay.rootProps}
    >
      <div
        className="carousel-viewport"
        ref={viewportRef}
        // A native scroll row until Embla runs: keyboard users must be able to focus and scroll it.
        tabIndex={ready ? undefined : 0}
      >
        <div className="carousel-container">
          {logos.map((logo, i) => (
            <div
              key={logo.name}
              className="carousel-slide logo-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${logos.length}`}
            >
              <img
                src={logo.url}
                alt={logo.name}
                width={LOGO_SIZE.width}
                height={LOGO_SIZE.height}
                loading={ready ? "eager" : "lazy"}
              />
            </div>
          ))}
        </div>
      </div>
      {ready ? (
        <Suspense fallback={null}>
          <AutoplayToggle
            paused={autoplay.paused}
            onToggle={autoplay.toggle}
            label={label}
            className="logo-toggle"
          />
        </Suspense>
      ) : null}
    </div>
  );
}
