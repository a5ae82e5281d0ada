import { lazy, Suspense, type ComponentType } from "react";
import type { EmbedSource } from "~/domain/video-source";

/** `play`: "Play video:" in the page's language. */
type FacadeProps = { source: EmbedSource; name: string; play: string };

/**
 * The YouTube/Vimeo facade's code loads only for a page that shows such a video: the server
 * renders it at once; in the browser it is fetched when hydration (or a render) reaches one, and
 * until then the server's HTML (a link to the video) stays as it is. The travel-moments reel and a
 * package's videos both use it, so neither page's first load carries it (decision 159).
 */
const VideoFacade: ComponentType<FacadeProps> = import.meta.env.SSR
  ? (await import("./video-facade")).VideoFacade
  : lazy(() => import("./video-facade").then((module) => ({ default: module.VideoFacade })));

export function LazyVideoFacade(props: FacadeProps) {
  return (
    <Suspense fallback={null}>
      <VideoFacade {...props} />
    </Suspense>
  );
}
