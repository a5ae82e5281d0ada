import { Suspense } from "react";
import { AutoplayToggle } from "~/components/ui/carousel-controls";
import { CarouselShell } from "~/components/ui/carousel-shell";
import { useAutoplay } from "~/components/ui/use-autoplay";
import { useCarousel } from "~/components/ui/use-carousel";
import { LOGO_SIZE, type LogoItem } from "~/domain/site-content";
import type { CarouselWords } from "~/domain/site-views";

interface LogoCarouselProps {
  logos: LogoItem[];
  delayMs: number;
  label: string;
  words: CarouselWords;
  className: string;
}

/** A looping logo row (partners, accreditations); a plain scrollable row without JS. */
export function LogoCarousel({ logos, delayMs, label, words, className }: LogoCarouselProps) {
  const { viewportRef, api, ready } = useCarousel(
    { loop: true, align: "start" },
    { delay: delayMs, stopOnInteraction: true, stopOnFocusIn: false },
  );
  const autoplay = useAutoplay(api);
  return (
    <CarouselShell
      className={className}
      label={label}
      words={words}
      viewportRef={viewportRef}
      ready={ready}
      rootProps={autoplay.rootProps}
      items={logos}
      renderSlide={(logo) => (
        <img
          src={logo.url}
          alt={logo.name}
          width={LOGO_SIZE.width}
          height={LOGO_SIZE.height}
          loading={ready ? "eager" : "lazy"}
        />
      )}
    >
      {ready ? (
        <Suspense fallback={null}>
          <AutoplayToggle
            paused={autoplay.paused}
            onToggle={autoplay.toggle}
            label={label}
            words={words}
            className="logo-toggle"
          />
        </Suspense>
      ) : null}
    </CarouselShell>
  );
}
