import { useEffect, useRef, useState, type MouseEvent } from "react";
import { autoplayUrl, type EmbedSource } from "~/domain/video-source";

const LABELS = { youtube: "YouTube", vimeo: "Vimeo" } as const;

/**
 * A light stand-in for a YouTube/Vimeo player: the thumbnail (YouTube) or a titled poster
 * (Vimeo) and a play button. Nothing from the video site loads until the visitor presses play;
 * then the privacy-enhanced player (youtube-nocookie / Vimeo dnt) replaces it and starts. Without
 * JavaScript the button is a link to the video on its site.
 */
export function VideoFacade({
  source,
  name,
  play: playLabel,
}: {
  source: EmbedSource;
  name: string;
  /** "Play video:" in the page's language. */
  play: string;
}) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (playing) {
    return (
      <iframe
        ref={frame}
        src={autoplayUrl(source)}
        title={name}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  const play = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    setPlaying(true);
  };
  // The accessible name is the link's own text ("Play video: Reef dive YouTube"), so what is seen
  // is always part of what is announced (WCAG 2.5.3).
  return (
    <a
      className={`video-facade video-facade-${source.kind}`}
      href={source.watchUrl}
      target="_blank"
      rel="noopener noreferrer"
      onClick={play}
      data-embed={source.embedUrl}
    >
      {source.kind === "youtube" ? (
        <img src={source.thumbnailUrl} alt="" width={480} height={360} loading="lazy" />
      ) : null}
      <span className="visually-hidden">{playLabel} </span>
      {source.kind === "youtube" ? (
        <span className="visually-hidden">{name} </span>
      ) : (
        <span className="video-facade-poster">{name} </span>
      )}
      <span className="video-facade-play" aria-hidden="true">
        <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
          <path
            className="video-facade-play-bg"
            d="M66.5 7.7a8.6 8.6 0 0 0-6-6C55.2.3 34 .3 34 .3s-21.2 0-26.5 1.4a8.6 8.6 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.6 8.6 0 0 0 6 6C12.8 47.7 34 47.7 34 47.7s21.2 0 26.5-1.4a8.6 8.6 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3Z"
          />
          <path d="M45 24 27 14v20" fill="#fff" />
        </svg>
      </span>
      <span className="video-facade-source">{LABELS[source.kind]}</span>
    </a>
  );
}
