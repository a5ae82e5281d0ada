import { useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icons";
import { CarouselShell } from "~/components/ui/carousel-shell";
import { useCarousel } from "~/components/ui/use-carousel";
import { fillIn } from "~/domain/fill-in";
import type { CarouselWords, MomentsText, MomentView } from "~/domain/site-views";
import { LazyVideoFacade } from "./lazy-video-facade";

/**
 * Travel moments: one video plays at a time, the button toggles play/pause, and a video pauses
 * when it ends or when less than half of it is visible (scrolled away or carouselled out).
 * Prev/next wrap at both ends. Without JS: a scrollable row of videos with native controls.
 */
export function MomentsCarousel({
  moments,
  text,
  words,
}: {
  moments: MomentView[];
  text: MomentsText;
  words: CarouselWords;
}) {
  const { viewportRef, ready, next, prev } = useCarousel({
    loop: true,
    align: "start",
  });
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const [playing, setPlaying] = useState<string | null>(null);

  const register = useCallback(
    (id: string) => (el: HTMLVideoElement | null) => {
      if (el) videos.current.set(id, el);
      else videos.current.delete(id);
    },
    [],
  );

  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio < 0.5) (entry.target as HTMLVideoElement).pause();
        }
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    videos.current.forEach((video) => observer.observe(video));
    return () => observer.disconnect();
  }, [moments]);

  const onPlay = (id: string) => {
    videos.current.forEach((video, key) => {
      if (key !== id && !video.paused) video.pause();
    });
    setPlaying(id);
  };
  const onStop = (id: string) => setPlaying((current) => (current === id ? null : current));
  const toggle = (id: string) => {
    const video = videos.current.get(id);
    if (!video) return;
    // play() rejects when interrupted by a pause; nothing to report to the visitor then.
    if (video.paused) video.play().catch(() => undefined);
    else video.pause();
  };

  if (moments.length === 0) return <p className="empty-state">{text.empty}</p>;

  return (
    <CarouselShell
      className="moments"
      label={text.region}
      words={words}
      viewportRef={viewportRef}
      ready={ready}
      items={moments}
      slideName={(moment) => moment.title}
      renderSlide={(moment) => {
        const isPlaying = playing === moment.id;
        return (
          <>
            <div className={isPlaying ? "moment-media is-playing" : "moment-media"}>
              {moment.source.kind === "file" ? (
                <>
                  {moment.thumbnailUrl ? (
                    // The thumbnail as a lazy picture under the video rather than its poster,
                    // which browsers fetch with the page wherever the reel is (competing with
                    // the hero image). The video has no frame until played, so it shows
                    // through; once playing, the video covers it. Decision 111.
                    <img
                      className="moment-poster"
                      src={moment.thumbnailUrl}
                      alt=""
                      loading="lazy"
                    />
                  ) : null}
                  {/* Uploaded moments come without caption files (spec §3 has no field). */}
                  {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                  <video
                    ref={register(moment.id)}
                    src={moment.source.src}
                    preload="none"
                    playsInline
                    controls={!ready}
                    aria-label={moment.title}
                    // The thumbnail is decorative: its text describes the video (decision 104).
                    aria-description={moment.thumbnailAlt}
                    data-moment-id={moment.id}
                    onPlay={() => onPlay(moment.id)}
                    onPause={() => onStop(moment.id)}
                    onEnded={() => onStop(moment.id)}
                  />
                  {ready ? (
                    <button
                      type="button"
                      className="moment-toggle"
                      aria-label={fillIn(isPlaying ? words.pause : words.play, {
                        name: moment.title,
                      })}
                      onClick={() => toggle(moment.id)}
                    >
                      <span className="moment-toggle-icon">
                        <Icon name={isPlaying ? "pause" : "play"} size={26} />
                      </span>
                    </button>
                  ) : null}
                </>
              ) : (
                <LazyVideoFacade source={moment.source} name={moment.title} play={text.play} />
              )}
              {moment.duration ? (
                <span className="badge badge-duration">{moment.duration}</span>
              ) : null}
            </div>
            <h3 className="moment-title">{moment.title}</h3>
            {moment.description ? (
              <p className="moment-text" lang={moment.textLang}>
                {moment.description}
              </p>
            ) : null}
          </>
        );
      }}
    >
      {ready ? (
        <div className="carousel-arrows">
          <button type="button" className="round-button" aria-label={text.previous} onClick={prev}>
            <Icon name="left" size={20} />
          </button>
          <button type="button" className="round-button" aria-label={text.next} onClick={next}>
            <Icon name="right" size={20} />
          </button>
        </div>
      ) : null}
    </CarouselShell>
  );
}
