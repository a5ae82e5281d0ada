/**
 * German translations of the demo catalogue (decision 139), keyed by the English title. Every
 * package has its German title and description, so it appears on the German site; the first trip
 * is translated completely, the others leave their lists to the English fallback, which the
 * German pages mark with lang="en" — the demo shows both.
 */

export interface DemoTranslation {
  title: string;
  description: string;
  highlights?: string[];
  inclusions?: string[];
  exclusions?: string[];
  itinerary?: { day: string; activity: string; accommodation: string }[];
  meeting_point?: string;
}

export const DEMO_PACKAGES_DE: Record<string, DemoTranslation> = {
  "Mauritius Island Escape": {
    title: "Inselauszeit auf Mauritius",
    description:
      "Sieben entspannte Tage an der geschützten Südwestküste von Mauritius, wo der Le Morne Brabant direkt aus einer türkisfarbenen Lagune aufragt. Die Vormittage gehören dem Schnorcheln am Riff und Katamaranfahrten zur Île aux Bénitiers, die Nachmittage dem Spa, einer Rumverkostung in den Hügeln von Chamarel oder einfach einer Liege unter den Kasuarinen. Direktflüge ab Johannesburg machen Mauritius zu einer der einfachsten echten Inselreisen ab Südafrika.",
    highlights: [
      "Junior-Suite direkt am Strand auf der Halbinsel Le Morne",
      "Ganztägige Katamaranfahrt mit Mittagessen auf der Île aux Bénitiers",
      "Bei Sonnenaufgang mit wilden Spinnerdelfinen vor der Tamarin-Bucht schwimmen",
      "Siebenfarbige Erde, Chamarel-Wasserfälle und Verkostung in einer Rumbrennerei",
      "Sundowner am Fuß des UNESCO-Welterbes Le Morne Brabant",
    ],
    inclusions: [
      "Hin- und Rückflug in der Economy Class ab Johannesburg inklusive Steuern",
      "6 Nächte mit Halbpension im Lagon Bleu Beach Resort",
      "Private Flughafentransfers",
      "Katamaran-Tagesfahrt und Delfinausflug",
      "Wanderlux-Concierge rund um die Uhr auf WhatsApp",
    ],
    exclusions: [
      "Reiseversicherung (dringend empfohlen)",
      "Nicht genannte Mittagessen und Getränke",
      "Spa-Behandlungen und optionale Aktivitäten",
    ],
    itinerary: [
      {
        day: "Tag 1: Ankunft",
        activity:
          "Empfang am Flughafen Sir Seewoosagur Ramgoolam und eine malerische 75-minütige Fahrt entlang der Südküste. Willkommenscocktail und Sonnenuntergang am Strand.",
        accommodation: "Lagon Bleu Beach Resort",
      },
      {
        day: "Tag 2: Tag an der Lagune",
        activity:
          "Freier Vormittag zum Schnorcheln am Hausriff oder Stand-up-Paddeln auf der Lagune. Am Nachmittag eine Einführung ins Kitesurfen am berühmten Spot One Eye (optional).",
        accommodation: "Lagon Bleu Beach Resort",
      },
      {
        day: "Tag 3: Delfine und Katamaran",
        activity:
          "Frühes Boot in die Tamarin-Bucht zum Schwimmen mit Spinnerdelfinen, dann ein ganzer Tag unter Segeln mit Grillmittagessen auf der Île aux Bénitiers und einem Halt am Crystal Rock.",
        accommodation: "Lagon Bleu Beach Resort",
      },
      {
        day: "Tag 4: Chamarel und der Süden",
        activity:
          "Geführte Fahrt zur Siebenfarbigen Erde, zu den Chamarel-Wasserfällen und zum Aussichtspunkt der Black River Gorges, zum Abschluss eine Verkostung in einer familiengeführten Rumbrennerei.",
        accommodation: "Lagon Bleu Beach Resort",
      },
      {
        day: "Tag 5: Zur freien Verfügung",
        activity:
          "Ein Tag für das Spa, eine Runde Golf oder eine geführte Wanderung auf den Le Morne Brabant mit weitem Blick über die Lagune.",
        accommodation: "Lagon Bleu Beach Resort",
      },
      {
        day: "Tag 6: Port Louis",
        activity:
          "Optionaler Halbtag in der Hauptstadt: der Zentralmarkt, die Gedenkstätte Aapravasi Ghat und Streetfood an der Caudan Waterfront. Abschiedsessen am Strand.",
        accommodation: "Lagon Bleu Beach Resort",
      },
      {
        day: "Tag 7: Abreise",
        activity: "Später Check-out und privater Transfer zum Flughafen für den Heimflug.",
        accommodation: "",
      },
    ],
  },
  "Bali Temples & Rice Terraces": {
    title: "Bali: Tempel und Reisterrassen",
    description:
      "Zehn Tage zwischen den Reisterrassen von Ubud, den Wassertempeln des Hochlands und den ruhigen Stränden des Südens – mit eigenem Fahrer, Villen mit Pool und Zeit für Yoga, Märkte und balinesische Küche.",
  },
  "Phuket & Phang Nga Bay Island Hopper": {
    title: "Phuket und die Phang-Nga-Bucht: Inselhüpfen",
    description:
      "Kalksteinfelsen, smaragdgrünes Wasser und versteckte Lagunen: mit dem Longtail-Boot und dem Kajak durch die Phang-Nga-Bucht, dazu ruhige Strandtage auf Phuket.",
  },
  "Cape Town & Winelands Classic": {
    title: "Klassisches Kapstadt mit Weinland",
    description:
      "Tafelberg, Kap der Guten Hoffnung und die Weingüter von Stellenbosch und Franschhoek: der Klassiker unserer Heimatstadt, mit Boutique-Hotels und privaten Verkostungen.",
  },
  "MSC Indian Ocean Cruise: Durban to Mozambique": {
    title: "MSC-Kreuzfahrt im Indischen Ozean: von Durban nach Mosambik",
    description:
      "Vier Nächte auf See von Durban zur Portugiesischen Insel und zurück: Sonnendeck, Shows an Bord und ein Tag an den weißen Stränden vor Maputo.",
  },
  "Spain: Andalusia & Barcelona": {
    title: "Spanien: Andalusien und Barcelona",
    description:
      "Von der Alhambra in Granada über die Mezquita in Córdoba und die Gassen von Sevilla bis zu Gaudís Barcelona – zwölf Tage Kunst, Tapas und Flamenco.",
  },
  "Maldives Overwater Villa Retreat": {
    title: "Malediven: Rückzugsort in der Wasservilla",
    description:
      "Eine Villa über der Lagune mit eigenem Zugang zum Riff, Wasserflugzeug-Transfer und Abendessen unter dem Sternenhimmel – die Malediven in ihrer schönsten Form.",
  },
  "Zanzibar Spice Island Getaway": {
    title: "Sansibar: Auszeit auf der Gewürzinsel",
    description:
      "Die Gassen von Stone Town, eine Gewürzplantage und die langen Strände der Ostküste: eine Woche Sansibar mit Dhau-Fahrt bei Sonnenuntergang.",
  },
  "Dubai Skyline & Desert Nights": {
    title: "Dubai: Skyline und Wüstennächte",
    description:
      "Burj Khalifa, die alten Souks am Creek und eine Nacht im Wüstencamp unter Sternen – Dubai zwischen Moderne und Beduinentradition.",
  },
  "Okavango Delta Private Fly-In Safari": {
    title: "Okavango-Delta: private Flugsafari",
    description:
      "Mit dem Kleinflugzeug von Camp zu Camp im Okavango-Delta: Pirschfahrten, Mokoro-Touren durch die Kanäle und Abende am Feuer in der Wildnis Botswanas.",
  },
  "Northern Lights & Arctic Fjords": {
    title: "Nordlichter und arktische Fjorde",
    description:
      "Tromsø, Hundeschlitten, Fjordfahrten und lange Nächte auf der Jagd nach dem Polarlicht – der hohe Norden Norwegens im Winter.",
  },
  "Japan Cherry Blossom Journey": {
    title: "Japan zur Kirschblüte",
    description:
      "Tokio, Hakone, Kyoto und Nara zur Zeit der Kirschblüte: Tempelgärten, Teezeremonie, Ryokan mit heißer Quelle und Fahrten im Shinkansen.",
  },
  "Seychelles Private Island Retreat": {
    title: "Seychellen: Rückzug auf der Privatinsel",
    description:
      "Granitfelsen, Palmenstrände und Riesenschildkröten: eine Villa auf einer Privatinsel der Seychellen mit Schnorcheln, Segeln und völliger Ruhe.",
  },
  "Morocco Desert & Riads Odyssey": {
    title: "Marokko: Wüste und Riads",
    description:
      "Von den Souks in Marrakesch über das Atlasgebirge bis zu den Dünen des Erg Chebbi – Nächte in Riads und im Wüstencamp.",
  },
  "Patagonia Glaciers & Peaks": {
    title: "Patagonien: Gletscher und Gipfel",
    description:
      "Torres del Paine, der Perito-Moreno-Gletscher und Wanderungen am Fitz Roy – Patagonien mit Lodges am Ende der Welt.",
  },
  "Tuscany Harvest & Wine Estates": {
    title: "Toskana: Weinlese und Weingüter",
    description:
      "Chianti, Montalcino und Montepulciano zur Weinlese: Verkostungen auf Familienweingütern, Kochkurs und Nächte in einem Landgut.",
  },
  "Garden Route Coastal Road Trip": {
    title: "Roadtrip entlang der Garden Route",
    description:
      "Von Mossel Bay über Knysna bis Plettenberg Bay: Lagunen, Wälder und Strände an Südafrikas schönster Küstenstraße.",
  },
  "Kruger Big Five Safari": {
    title: "Big-Five-Safari im Kruger",
    description:
      "Pirschfahrten am Morgen und am Abend in einem privaten Reservat am Kruger-Nationalpark, auf der Suche nach Löwe, Leopard, Elefant, Büffel und Nashorn.",
  },
  "Drakensberg Mountain Retreat": {
    title: "Auszeit in den Drakensbergen",
    description:
      "Wanderungen zu Felsmalereien der San, klare Bergluft und eine Lodge mit Blick auf das Amphitheater der Drakensberge.",
  },
  "Cape Winelands Gourmet Weekend": {
    title: "Gourmet-Wochenende im Kapweinland",
    description:
      "Zwei Tage Franschhoek und Stellenbosch: Weinproben, Menüs preisgekrönter Köche und eine Fahrt mit der Wine Tram.",
  },
  "Cederberg Stargazing & Rock Art": {
    title: "Cederberg: Sterne und Felskunst",
    description:
      "Bizarre Sandsteinformationen, jahrtausendealte Felsmalereien und ein Nachthimmel ohne Lichtverschmutzung – Wochenende in den Cederbergen.",
  },
  "Wild Coast Hiking & Hole in the Wall": {
    title: "Wanderung an der Wild Coast zum Hole in the Wall",
    description:
      "Grüne Hügel, einsame Buchten und das berühmte Felsentor Hole in the Wall – eine Küstenwanderung mit Übernachtung in Dörfern der Xhosa.",
  },
  "Hermanus Whale Coast Escape": {
    title: "Hermanus: Auszeit an der Walküste",
    description:
      "Südliche Glattwale vom Klippenpfad aus beobachten, eine Bootsfahrt in der Walker Bay und frischer Fisch am Hafen.",
  },
  "Lofoten Islands: Arctic Fishing Villages": {
    title: "Lofoten: arktische Fischerdörfer",
    description:
      "Rote Rorbuer-Hütten, steile Gipfel über dem Meer und Mitternachtssonne oder Polarlicht – die Fischerdörfer der Lofoten.",
  },
  "Socotra: The Alien Island": {
    title: "Sokotra: die fremde Insel",
    description:
      "Drachenblutbäume, weiße Dünen und Lagunen wie von einem anderen Planeten – eine Expedition auf eine der abgelegensten Inseln der Welt.",
  },
  "Faroe Islands Cliffs & Sea Stacks": {
    title: "Färöer: Klippen und Brandungspfeiler",
    description:
      "Wasserfälle, die ins Meer stürzen, Papageitaucher auf den Klippen und Grasdachdörfer – Wanderungen auf den Färöern.",
  },
  "Raja Ampat Liveaboard Dive Safari": {
    title: "Raja Ampat: Tauchsafari an Bord",
    description:
      "Eine Woche an Bord eines Phinisi-Seglers in Raja Ampat, dem artenreichsten Riffgebiet der Erde, mit bis zu drei Tauchgängen am Tag.",
  },
  "Svaneti: Medieval Towers of the Caucasus": {
    title: "Swanetien: mittelalterliche Türme im Kaukasus",
    description:
      "Wehrtürme vor Gletschern, Dörfer wie Uschguli und georgische Gastfreundschaft – eine Wanderreise im Hohen Kaukasus.",
  },
  "Lençóis Maranhenses Dune Lagoons": {
    title: "Lençóis Maranhenses: Lagunen in den Dünen",
    description:
      "Weiße Dünen bis zum Horizont und dazwischen Regenwasserlagunen zum Baden – Brasiliens unwirklichster Nationalpark.",
  },
  "Madagascar Avenue of the Baobabs": {
    title: "Madagaskar: die Allee der Baobabs",
    description:
      "Die Baobab-Allee bei Sonnenuntergang, Lemuren im Regenwald und die Tsingy-Felsnadeln – eine Reise durch Madagaskars Westen.",
  },
};

/** The demo moments in German, keyed by the English title. */
export const DEMO_MOMENTS_DE: Record<string, { title: string; description: string }> = {
  "Sunset over the lagoon": {
    title: "Sonnenuntergang über der Lagune",
    description: "Goldene Stunde vom Steg einer Wasservilla auf den Malediven.",
  },
  "Morning on Table Mountain": {
    title: "Morgen auf dem Tafelberg",
    description: "Das Tischtuch rollt über unsere Heimatstadt, gesehen von der Tafelbucht.",
  },
  "Golden hour in the Sabi Sand": {
    title: "Goldene Stunde im Sabi Sand",
    description: "Giraffen ziehen auf einer abendlichen Pirschfahrt durch die Savanne.",
  },
  "Sailing the Indian Ocean": { title: "Segeln im Indischen Ozean", description: "" },
  "Aurora over Lofoten": {
    title: "Polarlicht über den Lofoten",
    description: "Nordlichter über den Fischerhütten von Reine.",
  },
};
