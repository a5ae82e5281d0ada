import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoFacade } from "~/components/site/video-facade";
import { videoSource } from "~/domain/video-embed";
import { autoplayUrl, type EmbedSource } from "~/domain/video-source";

const embed = (url: string) => videoSource(url) as EmbedSource;

describe("YouTube/Vimeo facade", () => {
  it("renders a thumbnail and a play link, never an iframe, until played", () => {
    const html = renderToString(
      <VideoFacade
        source={embed("https://youtu.be/dQw4w9WgXcQ")}
        name="Reef dive"
        play="Play video:"
      />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    // The link's name is its own text: "Play video: Reef dive YouTube".
    expect(html.replace(/<[^>]+>/g, "")).toBe("Play video: Reef dive YouTube");
  });

  it("gives Vimeo a titled poster instead of a black box", () => {
    const html = renderToString(
      <VideoFacade
        source={embed("https://vimeo.com/76979871")}
        name="Desert sunset"
        play="Play video:"
      />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).toContain("Desert sunset");
    expect(html).toContain("Vimeo");
  });

  it("plays the privacy-enhanced embed at once when pressed", () => {
    expect(autoplayUrl(embed("https://www.youtube.com/watch?v=dQw4w9WgXcQ"))).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&autoplay=1",
    );
    expect(autoplayUrl(embed("https://vimeo.com/76979871"))).toBe(
      "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1",
    );
  });
});
