import { fillIn } from "~/domain/fill-in";
import type { VideoListText, VideoView } from "~/domain/site-views";
import { LazyVideoFacade } from "./lazy-video-facade";

/** Up to 6 package videos in their order: a facade for YouTube/Vimeo (player on click), else native. */
export function VideoList({
  videos,
  heading,
  swipeHint,
  text,
}: {
  videos: VideoView[];
  /** The section's heading in the page's language. */
  heading: string;
  /** "Swipe or scroll to see more videos" in the page's language. */
  swipeHint: string;
  text: VideoListText;
}) {
  if (videos.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="videos-heading">
      <h2 id="videos-heading">{heading}</h2>
      {videos.length > 1 ? (
        <p className="swipe-hint">
          {swipeHint} <span aria-hidden="true">→</span>
        </p>
      ) : null}
      {/* A sideways-scrolling row: keyboard users must be able to focus it to scroll (axe). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="video-scroller" tabIndex={0}>
        <ul className="video-row" aria-label={text.list}>
          {videos.map((video, i) => {
            const name = video.title ?? fillIn(text.name, { n: i + 1 });
            return (
              <li key={video.id} className="video-item">
                <div className="video-frame">
                  {video.source.kind === "file" ? (
                    // Admin-uploaded clips come without caption files (spec §3 has no field for them).
                    // eslint-disable-next-line jsx-a11y/media-has-caption
                    <video
                      src={video.source.src}
                      controls
                      preload="metadata"
                      playsInline
                      aria-label={name}
                    />
                  ) : (
                    <LazyVideoFacade source={video.source} name={name} play={text.play} />
                  )}
                </div>
                {video.title || video.description ? (
                  <div className="video-caption">
                    {video.title ? <p className="video-title">{video.title}</p> : null}
                    {video.description ? <p>{video.description}</p> : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
