/**
 * How a package video is shown: video-site URLs become privacy-friendly embeds (no tracking
 * cookies until the visitor plays), anything else is played natively. Embeds are shown as a
 * facade first (thumbnail + play button linking to `watchUrl`); the player loads on click.
 */
import type { VideoSource } from "./video-source";

export type { EmbedSource, VideoSource } from "./video-source";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export function youtubeId(url: string): string | undefined {
  const u = parseUrl(url);
  if (!u || !/^https?:$/.test(u.protocol)) return undefined;
  const host = u.hostname.toLowerCase();
  const segments = u.pathname.split("/").filter(Boolean);
  let candidate: string | undefined;
  if (host === "youtu.be") candidate = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") candidate = u.searchParams.get("v") ?? undefined;
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) candidate = segments[1];
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : undefined;
}

export function vimeoId(url: string): { id: string; hash?: string } | undefined {
  const u = parseUrl(url);
  if (!u || !/^https?:$/.test(u.protocol) || !VIMEO_HOSTS.has(u.hostname.toLowerCase())) {
    return undefined;
  }
  const segments = u.pathname.split("/").filter(Boolean);
  const at = segments.findIndex((s) => /^\d+$/.test(s));
  if (at === -1) return undefined;
  const id = segments[at]!;
  // Unlisted videos carry a privacy hash: vimeo.com/123/abc or player.vimeo.com/video/123?h=abc.
  const next = segments[at + 1];
  const hash = u.searchParams.get("h") ?? (next && /^[0-9a-f]+$/i.test(next) ? next : undefined);
  return hash ? { id, hash } : { id };
}

export function videoSource(url: string): VideoSource {
  const yt = youtubeId(url);
  if (yt) {
    return {
      kind: "youtube",
      id: yt,
      embedUrl: `https://www.youtube-nocookie.com/embed/${yt}?rel=0`,
      thumbnailUrl: `https://i.ytimg.com/vi/${yt}/hqdefault.jpg`,
      watchUrl: `https://www.youtube.com/watch?v=${yt}`,
    };
  }
  const vimeo = vimeoId(url);
  if (vimeo) {
    const params = new URLSearchParams({ dnt: "1" });
    if (vimeo.hash) params.set("h", vimeo.hash);
    return {
      kind: "vimeo",
      id: vimeo.id,
      embedUrl: `https://player.vimeo.com/video/${vimeo.id}?${params.toString()}`,
      watchUrl: `https://vimeo.com/${vimeo.id}${vimeo.hash ? `/${vimeo.hash}` : ""}`,
    };
  }
  return { kind: "file", src: url };
}
