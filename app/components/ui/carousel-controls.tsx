import { lazy } from "react";

/*
 * The dots and the pause button appear only once Embla runs, after the page's first load
 * (decision 061), so their code is fetched then too. Render them inside <Suspense>.
 */
export const CarouselDots = lazy(() =>
  import("./carousel-dots").then((module) => ({ default: module.CarouselDots })),
);
export const AutoplayToggle = lazy(() =>
  import("./autoplay-toggle").then((module) => ({ default: module.AutoplayToggle })),
);
