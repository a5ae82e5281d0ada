import { Link } from "react-router";
import { Suspense } from "react";
import { AutoplayToggle, CarouselDots } from "~/components/ui/carousel-controls";
import { CarouselShell } from "~/components/ui/carousel-shell";
import { useAutoplay } from "~/components/ui/use-autoplay";
import { useCarousel } from "~/components/ui/use-carousel";
import {
  BANNER_PORTRAIT_MEDIA,
  BANNER_PORTRAIT_SIZE,
  bannerPortraitSrcSet,
  BANNER_SIZE,
  bannerSrc,
  bannerSrcSet,
  CAROUSEL_TIMING,
  type DestinationSlide,
} from "~/domain/site-content";
import { fillIn } from "~/domain/fill-in";
import type { CarouselWords, HeroText } from "~/domain/site-views";

const OPTIONS = { loop: true, transitionMs: CAROUSEL_TIMING.bannerTransitionMs };
const AUTOPLAY = {
  delay: CAROUSEL_TIMING.bannerDelayMs,
  stopOnInteraction: true,
  stopOnFocusIn: false,
};

/** Six destination slides, advancing every 4 s with a 1 s glide, paused while hovered. */
/** The slides come as loader data: content is not shipped twice, as HTML and as code. */
export function HeroBanner({
  slides,
  text,
  words,
}: {
  slides: DestinationSlide[];
  text: HeroText;
  words: CarouselWords;
}) {
  const { viewportRef, api, ready, selected, scrollTo } = useCarousel(OPTIONS, AUTOPLAY);
  const autoplay = useAutoplay(api);
  const count = slides.length;
  return (
    <CarouselShell
      className="hero"
      label={text.region}
      words={words}
      viewportRef={viewportRef}
      ready={ready}
      rootProps={autoplay.rootProps}
      items={slides}
      slideName={(slide) => slide.name}
      renderSlide={(slide, i) => (
        <>
          {/* Art direction: phones get a 9:16 crop, not a 16:9 image cut into a tall box. */}
          <picture>
            <source
              media={BANNER_PORTRAIT_MEDIA}
              srcSet={bannerPortraitSrcSet(slide.image)}
              sizes="100vw"
              width={BANNER_PORTRAIT_SIZE.width}
              height={BANNER_PORTRAIT_SIZE.height}
            />
            <img
              className="hero-image"
              src={bannerSrc(slide.image)}
              srcSet={bannerSrcSet(slide.image)}
              sizes="100vw"
              width={BANNER_SIZE.width}
              height={BANNER_SIZE.height}
              alt={`${slide.name}: ${slide.description}`}
              // The first slide is the page's largest paint: fetched first, decoded with the
              // frame, never waiting for hydration. The others wait, then load once the
              // carousel runs so no slide glides in blank.
              loading={i === 0 || ready ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              decoding={i === 0 ? "sync" : "async"}
            />
          </picture>
          <div className="hero-caption">
            <p className="hero-caption-name">{slide.name}</p>
            <p className="hero-caption-text">{slide.description}</p>
          </div>
        </>
      )}
    >
      <div className="hero-content container">
        <p className="eyebrow eyebrow-light">{text.eyebrow}</p>
        <h1>{text.headline}</h1>
        <div className="hero-actions">
          <Link to={text.explore.to} className="btn btn-gold" prefetch="intent">
            {text.explore.label}
          </Link>
          <Link to={text.discover.to} className="btn btn-ghost-light" prefetch="intent">
            {text.discover.label}
          </Link>
        </div>
      </div>
      {ready ? (
        <Suspense fallback={null}>
          <div className="hero-controls">
            <CarouselDots
              count={count}
              selected={selected}
              onSelect={scrollTo}
              groupLabel={text.dots}
              labelFor={(i) => fillIn(text.dot, { n: i + 1, name: slides[i]?.name ?? "" })}
            />
            <AutoplayToggle
              paused={autoplay.paused}
              onToggle={autoplay.toggle}
              label={text.slideshow}
              words={words}
            />
          </div>
        </Suspense>
      ) : null}
    </CarouselShell>
  );
}
