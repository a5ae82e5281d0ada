import { useContext, useEffect, useRef, useState } from "react";
import { fillIn } from "~/domain/fill-in";
import type { ImageView } from "~/domain/site-views";
import { ImageWordsContext } from "./image-words";

interface SiteImageProps {
  image: ImageView | undefined;
  sizes: string;
  className?: string;
  /** Above-the-fold images load at once; everything else waits until it is near the viewport. */
  priority?: boolean;
  loading?: "lazy" | "eager";
}

/**
 * An image with width/height (the box is reserved before it loads), srcset from the media
 * variants, and a 'No Image' placeholder when it is missing or fails to load.
 */
export function SiteImage({ image, sizes, className, priority = false, loading }: SiteImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  const words = useContext(ImageWordsContext);

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [image?.src]);

  if (!image || failed) {
    return (
      <div
        className={`image-placeholder ${className ?? ""}`}
        role="img"
        aria-label={image ? fillIn(words.unavailable, { alt: image.alt }) : words.noneLabel}
      >
        <span aria-hidden="true">{words.none}</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      // The focal point stays in view wherever the box crops the picture.
      style={image.focus ? { objectPosition: image.focus } : undefined}
      loading={loading ?? (priority ? "eager" : "lazy")}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      onError={() => setFailed(true)}
    />
  );
}
