/**
 * What the browser needs of a package video: the shape of a source and the URL that starts an
 * embed playing. Kept apart from the URL parsers in video-embed.ts so that public pages' JavaScript
 * carries these few lines, not the parsers only the server and the admin form use (decision 159).
 */
export type VideoSource =
  | { kind: "youtube"; id: string; embedUrl: string; thumbnailUrl: string; watchUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string; watchUrl: string }
  | { kind: "file"; src: string };

export type EmbedSource = Extract<VideoSource, { kind: "youtube" | "vimeo" }>;

/** The embed URL that starts playing at once (the visitor has just pressed play). */
export function autoplayUrl(source: EmbedSource): string {
  return `${source.embedUrl}${source.embedUrl.includes("?") ? "&" : "?"}autoplay=1`;
}
