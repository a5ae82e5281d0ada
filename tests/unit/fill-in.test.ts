import { describe, expect, it } from "vitest";
import { fillIn } from "~/domain/fill-in";
import { translator } from "~/domain/i18n/catalogues";
import { DESTINATION_SLIDES } from "~/domain/site-content";
import { carouselWords, heroSlides, heroText } from "~/server/site/showcase-text.server";

describe("fillIn: the browser's slots in a server-finished message", () => {
  it("fills every slot it has a value for and leaves the others", () => {
    expect(fillIn("{n} of {count}", { n: 2, count: 6 })).toBe("2 of 6");
    expect(fillIn("Folie {n} zeigen: {name}", { n: 1, name: "Kapstadt" })).toBe(
      "Folie 1 zeigen: Kapstadt",
    );
    expect(fillIn("{n} of {count}", { n: 2 })).toBe("2 of {count}");
    expect(fillIn("no slots", { n: 1 })).toBe("no slots");
  });

  it("receives the slots from the catalogue untouched, in each language", () => {
    expect(carouselWords(translator("en"))).toEqual({
      slide: "{n} of {count}",
      role: "carousel",
      slideRole: "slide",
      play: "Play {name}",
      pause: "Pause {name}",
    });
    expect(fillIn(carouselWords(translator("de")).pause, { name: "Reiseziel-Diashow" })).toBe(
      "Reiseziel-Diashow anhalten",
    );
  });

  it("keeps the banner's English as it was and gives German its own words and links", () => {
    const english = heroText(translator("en"), (p) => p);
    expect(english.headline).toBe(
      "Discover Hidden Corners of the World, Travel That Feels Just Right",
    );
    expect(english.explore).toEqual({ to: "/upcoming-trips", label: "Explore Upcoming Trips" });
    const german = heroText(translator("de"), (p) => `/de${p}`);
    expect(german.discover).toEqual({
      to: "/de/hidden-gems",
      label: "Verborgene Schätze entdecken",
    });
    // English is the site's own content, word for word.
    expect(heroSlides(translator("en"))).toEqual(DESTINATION_SLIDES);
    expect(heroSlides(translator("de")).map((s) => s.name)).toContain("Kapstadt");
  });
});
