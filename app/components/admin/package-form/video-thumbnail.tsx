import { useEffect, useRef, useState } from "react";

/**
 * A YouTube video's thumbnail on the package form (spec §2). The picture comes from YouTube's
 * servers, so the form asks for it only once its tile is near the viewport (decision 107):
 * opening a form does not contact a third party for pictures nobody scrolled to, and a picture
 * that cannot load (offline, a removed video) leaves the local "Video N" poster underneath it.
 * The server renders the poster alone (hydration changes nothing); without JavaScript the
 * browser's own lazy loading fetches the picture (the noscript copy).
 */
export function YouTubeThumbnail({ src, number }: { src: string; number: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const tile = ref.current;
    if (!tile || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(tile);
    return () => observer.disconnect();
  }, [near]);

  const size = { width: 128, height: 96 };
  return (
    <span ref={ref} className="video-entry-thumb" aria-hidden="true">
      Video {number}
      {near && !failed ? <img src={src} alt="" {...size} onError={() => setFailed(true)} /> : null}
      <noscript>
        <img src={src} alt="" {...size} loading="lazy" />
      </noscript>
    </span>
  );
}
