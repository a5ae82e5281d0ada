/**
 * Demo catalogue for the seed: a fictional Cape Town luxury travel company.
 * All lodges, hotels, guides and prices are invented for demonstration purposes.
 *
 * Images are described as procedural scenes (see ./art.ts) that the seeder renders.
 * Every package gets an entered rating with its source, departures ahead of the seed day, a
 * meeting point and FAQs (withTripFacts). Video URLs use made-up ids (the embeds will
 * not resolve).
 */
import type { PackageKind } from "~/domain/schemas";
import { MOOD_COUNT, type SceneName } from "./art.ts";

export interface DemoPackage {
  title: string;
  slug?: string;
  description: string;
  location: string;
  price: string;
  duration: string;
  travel_period: string;
  status: "draft" | "published";
  rating?: number | null;
  review_count?: number | null;
  rating_source?: string;
  departures?: {
    start_date: string;
    end_date: string;
    /** Capacity; absent: on request. */
    seats_total?: number;
    /** The price as text, read as an amount on save ("From R 24,500 pp" → R 24,500). */
    price?: string;
    /** Closed or marked limited by hand. */
    status?: "limited" | "sold_out";
    guaranteed?: boolean;
    note?: string;
  }[];
  faqs?: { question: string; answer: string }[];
  meeting_point?: string;
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  itinerary: { day: string; activity: string; accommodation: string }[];
  scenes: { scene: SceneName; variant: number }[];
  videos?: { type: "url"; url: string; title?: string; description?: string }[];
}

export interface DemoMoment {
  title: string;
  description?: string;
  /** File name in db/seed/assets (WebM, VP9, 640x360, no audio). */
  asset: string;
  /** Poster file name in db/seed/assets (WebP, 640x360). */
  thumbnail: string;
  duration: string;
  isActive: boolean;
}

const day = (dayName: string, activity: string, accommodation = "") => ({
  day: dayName,
  activity,
  accommodation,
});

const s = (scene: SceneName, variant: number) => ({ scene, variant });

// ---------------------------------------------------------------------------
// Travel periods: always ahead of the day the demo is seeded, never a past year.
// ---------------------------------------------------------------------------

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const SEEDED_AT = new Date();

const monthName = (month: number): string => MONTHS[month - 1] ?? "";

/** The year of the next `month` (1-12) that starts after the current month. */
export function nextYearOf(month: number, now: Date = SEEDED_AT): number {
  return month > now.getMonth() + 1 ? now.getFullYear() : now.getFullYear() + 1;
}

/** "April – October 2027", or "November 2027 – April 2028" when it runs into the next year. */
function season(from: number, to: number, note?: string): string {
  const year = nextYearOf(from);
  const range =
    to >= from
      ? `${monthName(from)} – ${monthName(to)} ${year}`
      : `${monthName(from)} ${year} – ${monthName(to)} ${year + 1}`;
  return note ? `${range} (${note})` : range;
}

/** "April – June & September – October 2027" (both inside one year). */
function twoSeasons(first: [number, number], second: [number, number]): string {
  const year = nextYearOf(first[0]);
  return `${monthName(first[0])} – ${monthName(first[1])} & ${monthName(second[0])} – ${monthName(second[1])} ${year}`;
}

/** A fixed departure: "14 – 19 June 2027", or "28 March – 3 April 2027". */
function departure(month: number, startDay: number, endDay: number, endMonth = month): string {
  const year = nextYearOf(month);
  return endMonth === month
    ? `${startDay} – ${endDay} ${monthName(month)} ${year}`
    : `${startDay} ${monthName(month)} – ${endDay} ${monthName(endMonth)} ${year}`;
}

// ---------------------------------------------------------------------------
// Trips (upcoming international and city trips)
// ---------------------------------------------------------------------------

const TRIPS: DemoPackage[] = [
  {
    title: "Mauritius Island Escape",
    slug: "mauritius-island-escape",
    description:
      "Seven unhurried days on Mauritius' sheltered south-west coast, where Le Morne Brabant rises straight out of a turquoise lagoon. Mornings are for snorkelling the reef and catamaran cruises to Île aux Bénitiers; afternoons for the spa, a rum tasting in the hills of Chamarel or simply a lounger under the casuarinas. Direct flights from Johannesburg make it one of the easiest true island breaks from South Africa.",
    location: "Le Morne, Mauritius",
    price: "From R 32,900 pp",
    duration: "7 Days / 6 Nights",
    travel_period: "Year-round (best May – December)",
    status: "published",
    rating: 4.9,
    review_count: 214,
    highlights: [
      "Beachfront junior suite on the Le Morne peninsula",
      "Full-day catamaran cruise with lunch on Île aux Bénitiers",
      "Swim with wild spinner dolphins off Tamarin Bay at sunrise",
      "Seven Coloured Earths, Chamarel Falls and a rum distillery tasting",
      "Sunset sundowners at the foot of UNESCO-listed Le Morne Brabant",
    ],
    inclusions: [
      "Return economy flights from Johannesburg including taxes",
      "6 nights half-board at Lagon Bleu Beach Resort",
      "Private return airport transfers",
      "Catamaran day cruise and dolphin swim excursion",
      "24/7 Wanderlux concierge on WhatsApp",
    ],
    exclusions: [
      "Travel insurance (strongly recommended)",
      "Lunches and drinks not mentioned",
      "Spa treatments and optional activities",
    ],
    itinerary: [
      day(
        "Day 1: Arrival",
        "Meet-and-greet at Sir Seewoosagur Ramgoolam airport and a scenic 75-minute drive along the south coast. Welcome cocktail and sunset on the beach.",
        "Lagon Bleu Beach Resort",
      ),
      day(
        "Day 2: Lagoon Day",
        "Free morning to snorkel the house reef or paddle-board the lagoon. Afternoon introduction to kitesurfing at the famous One Eye spot (optional).",
        "Lagon Bleu Beach Resort",
      ),
      day(
        "Day 3: Dolphins & Catamaran",
        "Early boat to Tamarin Bay to swim with spinner dolphins, then a full day under sail with a barbecue lunch on Île aux Bénitiers and a stop at the Crystal Rock.",
        "Lagon Bleu Beach Resort",
      ),
      day(
        "Day 4: Chamarel & the South",
        "Guided drive to the Seven Coloured Earths, Chamarel Falls and Black River Gorges viewpoint, finishing with a tasting at a family-run rum distillery.",
        "Lagon Bleu Beach Resort",
      ),
      day(
        "Day 5: At Leisure",
        "A day for the spa, a round of golf or a guided hike up Le Morne Brabant for sweeping views over the lagoon.",
        "Lagon Bleu Beach Resort",
      ),
      day(
        "Day 6: Port Louis",
        "Optional half-day in the capital: the Central Market, the Aapravasi Ghat heritage site and street food on the Caudan Waterfront. Farewell dinner on the beach.",
        "Lagon Bleu Beach Resort",
      ),
      day(
        "Day 7: Departure",
        "Late check-out and private transfer to the airport for your flight home.",
      ),
    ],
    scenes: [s("beach", 11), s("lagoon", 5), s("island", 0), s("beach", 1)],
    videos: [
      {
        type: "url",
        url: "https://www.youtube.com/watch?v=Xk3pR7mQ2aE",
        title: "Le Morne from the air",
        description: "Drone footage over the lagoon and the underwater waterfall.",
      },
    ],
  },
  {
    title: "Bali Temples & Rice Terraces",
    slug: "bali-temples-rice-terraces",
    description:
      "Two sides of the Island of the Gods in one journey: the jungle-wrapped art villages and temples around Ubud, then the cliff-top beach clubs and surf breaks of Uluwatu. Expect a private blessing ceremony at a water temple, a sunrise trek up Mount Batur and long lunches overlooking the Tegallalang rice terraces.",
    location: "Ubud & Uluwatu, Bali, Indonesia",
    price: "From R 27,450 pp",
    duration: "7 Days / 6 Nights",
    travel_period: season(4, 10, "dry season"),
    status: "published",
    rating: 4.8,
    review_count: 167,
    highlights: [
      "Purification blessing at Tirta Empul water temple with a local priest",
      "Sunrise trek on Mount Batur with breakfast cooked in volcanic steam",
      "Private pool villa above the Ayung River valley",
      "Kecak fire dance at Uluwatu Temple at sunset",
      "Balinese cooking class in a family compound",
    ],
    inclusions: [
      "Return flights from Johannesburg via Singapore",
      "3 nights at Sayan Ridge Villas, Ubud, and 3 nights at Karang Cliff Resort, Uluwatu",
      "Daily breakfast and two dinners",
      "Private English-speaking driver-guide for all excursions",
      "Temple entrance fees and sarong hire",
    ],
    exclusions: [
      "Indonesian visa on arrival (approx. IDR 500,000)",
      "Bali tourist levy (IDR 150,000)",
      "Travel insurance",
      "Personal expenses and tips",
    ],
    itinerary: [
      day(
        "Day 1: Selamat Datang",
        "Arrive in Denpasar and transfer to Ubud. Evening welcome dinner with a gamelan performance.",
        "Sayan Ridge Villas",
      ),
      day(
        "Day 2: Temples & Terraces",
        "Blessing ceremony at Tirta Empul, lunch overlooking the Tegallalang rice terraces and a walk through the Sacred Monkey Forest.",
        "Sayan Ridge Villas",
      ),
      day(
        "Day 3: Mount Batur Sunrise",
        "2am pick-up for the guided sunrise climb of Mount Batur, then natural hot springs and an afternoon Balinese massage.",
        "Sayan Ridge Villas",
      ),
      day(
        "Day 4: Cooking & Crafts",
        "Market visit and cooking class in a family compound, then silversmith and woodcarving studios in Celuk and Mas. Transfer to Uluwatu.",
        "Karang Cliff Resort",
      ),
      day(
        "Day 5: Cliffs & Kecak",
        "Morning at Padang Padang beach, afternoon at leisure, then the Kecak fire dance at Uluwatu Temple and seafood dinner on Jimbaran Bay.",
        "Karang Cliff Resort",
      ),
      day(
        "Day 6: Nusa Penida",
        "Fast boat to Nusa Penida for Kelingking Beach and snorkelling with manta rays at Manta Point.",
        "Karang Cliff Resort",
      ),
      day("Day 7: Departure", "Breakfast and transfer to Ngurah Rai airport."),
    ],
    scenes: [s("temple", 1), s("temple", 5), s("forest", 0), s("beach", 2)],
  },
  {
    title: "Phuket & Phang Nga Bay Island Hopper",
    slug: "phuket-phang-nga-island-hopper",
    description:
      "Limestone towers, emerald lagoons and long-tail boats: this week in southern Thailand splits its time between a quiet beach on Phuket's west coast and a private boat day through Phang Nga Bay. Add Old Phuket Town's Sino-Portuguese shophouses and street food, and you have a trip that is as easy as it is beautiful.",
    location: "Phuket, Thailand",
    price: "From R 21,990 pp",
    duration: "6 Days / 5 Nights",
    travel_period: season(11, 4),
    status: "published",
    highlights: [
      "Private long-tail boat through Phang Nga Bay and James Bond Island",
      "Sea-canoe into hidden hongs (collapsed cave lagoons)",
      "Sunset at Promthep Cape",
      "Street-food walk through Old Phuket Town",
      "Ethical elephant sanctuary visit (no riding)",
    ],
    inclusions: [
      "Return flights from Johannesburg via Bangkok",
      "5 nights at Andaman Pearl Resort, Kata Noi, with breakfast",
      "Private airport transfers",
      "Phang Nga Bay boat day with lunch and sea-canoe guide",
      "Old Town food walk with a local guide",
    ],
    exclusions: [
      "National park fees (THB 300 per person)",
      "Travel insurance",
      "Lunches and dinners unless stated",
    ],
    itinerary: [
      day(
        "Day 1: Arrive in Phuket",
        "Private transfer to Kata Noi. Sunset drinks overlooking the Andaman Sea.",
        "Andaman Pearl Resort",
      ),
      day(
        "Day 2: Old Phuket Town",
        "Morning at leisure. Late-afternoon guided walk through Thalang Road's shophouses and the Sunday walking street, tasting moo hong and o-aew along the way.",
        "Andaman Pearl Resort",
      ),
      day(
        "Day 3: Phang Nga Bay",
        "Full-day private long-tail boat: sea-canoeing into the hongs of Koh Hong, James Bond Island, lunch at the stilt village of Koh Panyee.",
        "Andaman Pearl Resort",
      ),
      day(
        "Day 4: Elephants & Viewpoints",
        "Half-day at an ethical elephant sanctuary, then the Big Buddha and sunset at Promthep Cape.",
        "Andaman Pearl Resort",
      ),
      day(
        "Day 5: Beach Day",
        "Free day. Optional speedboat trip to the Phi Phi Islands and Maya Bay.",
        "Andaman Pearl Resort",
      ),
      day("Day 6: Departure", "Transfer to Phuket International Airport."),
    ],
    scenes: [s("karst", 5), s("karst", 1), s("beach", 0)],
  },
  {
    title: "Cape Town & Winelands Classic",
    slug: "cape-town-winelands-classic",
    description:
      "Our home city, done properly. Stay on the Atlantic Seaboard, ride the cableway up Table Mountain, drive the Cape Peninsula to see the penguins at Boulders Beach and spend two slow days among the oak-lined estates of Franschhoek. Ideal for international guests or locals who have never had the full tour.",
    location: "Cape Town & Franschhoek, South Africa",
    price: "From R 18,900 pp",
    duration: "5 Days / 4 Nights",
    travel_period: "Year-round",
    status: "published",
    rating: 4.9,
    review_count: 302,
    highlights: [
      "Table Mountain Aerial Cableway with skip-the-queue tickets",
      "Chapman's Peak Drive, Cape Point and the Boulders Beach penguins",
      "Franschhoek Wine Tram hop-on, hop-off day",
      "Boat trip to Seal Island from Hout Bay",
      "Chef's table dinner at a Franschhoek estate",
    ],
    inclusions: [
      "2 nights at Clifton Bay Boutique Hotel and 2 nights at Le Petit Manoir, Franschhoek",
      "Daily breakfast and one chef's table dinner",
      "Private guide and vehicle for the Peninsula day",
      "Cableway tickets, Cape Point and Boulders entry fees",
      "Franschhoek Wine Tram ticket",
    ],
    exclusions: [
      "Flights to Cape Town",
      "Wine tasting fees at estates (usually R 100 – R 250)",
      "Travel insurance",
    ],
    itinerary: [
      day(
        "Day 1: Atlantic Seaboard",
        "Check in at Clifton, afternoon on the beach, sundowners at Camps Bay.",
        "Clifton Bay Boutique Hotel",
      ),
      day(
        "Day 2: Table Mountain & the City",
        "Cableway up Table Mountain early before the wind, then Bo-Kaap, the Company's Garden and the V&A Waterfront.",
        "Clifton Bay Boutique Hotel",
      ),
      day(
        "Day 3: Cape Peninsula",
        "Hout Bay and Seal Island boat trip, Chapman's Peak, Cape Point and the penguins at Boulders Beach. Drive to Franschhoek in the evening.",
        "Le Petit Manoir",
      ),
      day(
        "Day 4: Wine Tram",
        "Hop-on, hop-off Wine Tram through the valley's estates; chef's table dinner in the evening.",
        "Le Petit Manoir",
      ),
      day(
        "Day 5: Farewell",
        "Slow breakfast, a last tasting and transfer to Cape Town International.",
      ),
    ],
    scenes: [s("tablemountain", 0), s("vineyard", 5), s("tablemountain", 1), s("beach", 4)],
  },
  {
    title: "MSC Indian Ocean Cruise: Durban to Mozambique",
    slug: "msc-indian-ocean-cruise",
    description:
      "Five nights at sea aboard a modern MSC ship from Durban to Portuguese Island and Pomene, with a Wanderlux host on board. Balcony cabin, all meals and the ship's entertainment are included, and we take care of the flights and a night in Umhlanga before you sail.",
    location: "Durban, South Africa – Mozambique",
    price: "From R 16,450 pp",
    duration: "6 Days / 5 Nights",
    travel_period: season(12, 3, "sailings"),
    status: "published",
    rating: 4.6,
    review_count: 189,
    highlights: [
      "Balcony stateroom on a modern MSC cruise ship",
      "Beach day on Portuguese Island off Maputo",
      "Snorkelling at Pomene's reef-fringed lagoon",
      "Broadway-style shows, pools and a kids' club on board",
      "Pre-cruise night at an Umhlanga beachfront hotel",
    ],
    inclusions: [
      "5-night cruise in a balcony cabin with all main meals",
      "Port charges and gratuities",
      "Return flights Cape Town – Durban",
      "1 pre-cruise night at Umhlanga Sands Hotel with breakfast",
      "Transfers to and from Durban cruise terminal",
    ],
    exclusions: [
      "Drinks packages and specialty restaurants",
      "Shore excursions",
      "Travel insurance with cruise cover",
    ],
    itinerary: [
      day(
        "Day 1: Umhlanga",
        "Fly to Durban, transfer to Umhlanga and dinner on the promenade.",
        "Umhlanga Sands Hotel",
      ),
      day(
        "Day 2: Embarkation",
        "Late-morning transfer to the Durban cruise terminal; sail-away party on the pool deck.",
        "MSC balcony stateroom",
      ),
      day(
        "Day 3: Portuguese Island",
        "Tender ashore for a day of white sand, warm water and snorkelling.",
        "MSC balcony stateroom",
      ),
      day(
        "Day 4: Pomene",
        "Beach day at Pomene with optional guided snorkelling and a dhow trip through the mangroves.",
        "MSC balcony stateroom",
      ),
      day("Day 5: At Sea", "Spa, pools and the captain's gala evening.", "MSC balcony stateroom"),
      day("Day 6: Durban", "Disembark after breakfast and fly home."),
    ],
    scenes: [s("cruise", 1), s("cruise", 5), s("island", 4)],
    videos: [
      {
        type: "url",
        url: "https://www.youtube.com/watch?v=b8TnV1sLq4Y",
        title: "Life on board",
        description: "A walk through the pool deck, theatre and balcony cabins.",
      },
      {
        type: "url",
        url: "https://vimeo.com/824563917",
        title: "Portuguese Island day",
      },
    ],
  },
  {
    title: "Spain: Andalusia & Barcelona",
    slug: "spain-andalusia-barcelona",
    description:
      "White villages, Moorish palaces and Gaudí: a seven-day loop from Seville's orange-scented plazas to the Alhambra in Granada and on to Barcelona by high-speed train. Tapas crawls, a flamenco night in Triana and a sunset over the Mediterranean from a Costa del Sol pueblo blanco are all part of the plan.",
    location: "Seville, Granada & Barcelona, Spain",
    price: "From R 62,100 pp",
    duration: "7 Days / 6 Nights",
    travel_period: twoSeasons([4, 6], [9, 10]),
    status: "published",
    rating: 4.7,
    review_count: 96,
    highlights: [
      "Skip-the-line guided tour of the Alhambra and Generalife gardens",
      "Flamenco in an intimate tablao in Seville's Triana quarter",
      "Day trip to the white village of Frigiliana above the Mediterranean",
      "Sagrada Família and Park Güell with an art historian",
      "High-speed AVE train between Andalusia and Barcelona",
    ],
    inclusions: [
      "6 nights in boutique hotels with breakfast",
      "AVE train tickets and all private transfers",
      "Guided Alhambra, Seville Cathedral and Sagrada Família visits",
      "Flamenco show with dinner",
      "Tapas walk in Granada",
    ],
    exclusions: [
      "International flights",
      "Schengen visa fees for South African passport holders",
      "Meals not mentioned",
      "City tourist taxes (paid locally)",
    ],
    itinerary: [
      day(
        "Day 1: Seville",
        "Arrive in Seville. Evening stroll through Santa Cruz and dinner on a rooftop overlooking the Giralda.",
        "Casa del Azahar, Seville",
      ),
      day(
        "Day 2: Cathedral & Flamenco",
        "Guided Cathedral and Real Alcázar tour, afternoon siesta, flamenco and dinner in Triana.",
        "Casa del Azahar, Seville",
      ),
      day(
        "Day 3: To Granada",
        "Drive via Ronda's dramatic gorge to Granada. Sunset from the Mirador de San Nicolás and a free-tapas crawl.",
        "Palacio de los Cármenes, Granada",
      ),
      day(
        "Day 4: The Alhambra",
        "Morning in the Nasrid Palaces and Generalife gardens, afternoon in the Albaicín's tea houses.",
        "Palacio de los Cármenes, Granada",
      ),
      day(
        "Day 5: Pueblos Blancos",
        "Day trip to Frigiliana and Nerja on the coast, lunch of grilled sardines on the beach.",
        "Palacio de los Cármenes, Granada",
      ),
      day(
        "Day 6: Barcelona",
        "AVE train to Barcelona. Afternoon Sagrada Família tour, dinner in El Born.",
        "Hotel Mar i Llum, Barcelona",
      ),
      day("Day 7: Adéu", "Park Güell in the morning, then transfer to El Prat airport."),
    ],
    scenes: [s("village", 0), s("village", 1), s("city", 4)],
  },
  {
    title: "Maldives Overwater Villa Retreat",
    slug: "maldives-overwater-villa",
    description:
      "The classic Maldives, no compromises: a seaplane flight over the atolls to a private island where your villa stands on stilts above the lagoon. Glass floor panels, a private plunge pool and a ladder straight into the water — with house-reef snorkelling, a sandbank picnic and a dolphin cruise to fill the days.",
    location: "Baa Atoll, Maldives",
    price: "From R 58,700 pp",
    duration: "6 Days / 5 Nights",
    travel_period: season(11, 4),
    status: "published",
    rating: 5,
    review_count: 88,
    highlights: [
      "Overwater villa with private plunge pool",
      "Scenic seaplane transfer over the atolls",
      "Manta ray snorkelling in the Hanifaru Bay UNESCO biosphere (seasonal)",
      "Private sandbank picnic for two",
      "Sunset dolphin cruise on a traditional dhoni",
    ],
    inclusions: [
      "Return flights from Johannesburg via Dubai",
      "5 nights all-inclusive at Velaa Thila Island Resort",
      "Return seaplane transfers",
      "Sandbank picnic and sunset dolphin cruise",
      "Green tax and service charges",
    ],
    exclusions: [
      "Premium spirits and wines outside the all-inclusive list",
      "Scuba diving",
      "Travel insurance",
    ],
    itinerary: [
      day(
        "Day 1: Seaplane Arrival",
        "Land in Malé and board the seaplane to Baa Atoll. Welcome drink on the jetty and a first swim from your villa.",
        "Velaa Thila Overwater Villa",
      ),
      day(
        "Day 2: House Reef",
        "Guided snorkel on the house reef with the resident marine biologist; afternoon at the spa.",
        "Velaa Thila Overwater Villa",
      ),
      day(
        "Day 3: Sandbank Picnic",
        "Private boat to a sandbank for a champagne picnic, then a sunset dolphin cruise.",
        "Velaa Thila Overwater Villa",
      ),
      day(
        "Day 4: Mantas",
        "Excursion to Hanifaru Bay to snorkel with manta rays (June – November) or a local-island visit to Dharavandhoo.",
        "Velaa Thila Overwater Villa",
      ),
      day(
        "Day 5: Free Day",
        "Kayak, paddle-board or do nothing at all. Dinner under the stars on the beach.",
        "Velaa Thila Overwater Villa",
      ),
      day("Day 6: Departure", "Seaplane back to Malé for your onward flight."),
    ],
    scenes: [s("lagoon", 5), s("lagoon", 1), s("island", 3)],
    videos: [
      {
        type: "url",
        url: "https://www.youtube.com/watch?v=q4Lz9WcF0hM",
        title: "Inside an overwater villa",
      },
    ],
  },
  {
    title: "Zanzibar Spice Island Getaway",
    slug: "zanzibar-spice-island",
    description:
      "Stone Town's carved doors and rooftop cafés, a morning on a spice farm, then the powder-white beaches of Nungwi in the north. Zanzibar pairs history and beach time better than almost anywhere in the Indian Ocean and is a short hop from Johannesburg.",
    location: "Stone Town & Nungwi, Zanzibar, Tanzania",
    price: "From R 19,850 pp",
    duration: "6 Days / 5 Nights",
    travel_period: season(6, 10),
    status: "draft",
    highlights: [
      "Guided walk through UNESCO-listed Stone Town",
      "Spice farm tour and Swahili cooking lunch",
      "Sunset dhow cruise off Nungwi",
      "Snorkelling at Mnemba Atoll",
    ],
    inclusions: [
      "Return flights from Johannesburg",
      "2 nights at Jambo House, Stone Town, and 3 nights at Nungwi Sands Beach Resort",
      "Breakfast daily and dinners at Nungwi",
      "Stone Town walk, spice tour and Mnemba snorkel trip",
    ],
    exclusions: [
      "Zanzibar visitor insurance (USD 44, compulsory)",
      "Tanzanian visa where applicable",
      "Drinks and tips",
    ],
    itinerary: [
      day("Day 1: Stone Town", "Arrive and check in; sunset on a rooftop terrace.", "Jambo House"),
      day(
        "Day 2: History & Spice",
        "Morning walking tour of Stone Town, afternoon spice farm with a cooking lunch.",
        "Jambo House",
      ),
      day(
        "Day 3: To the North",
        "Drive to Nungwi, afternoon on the beach and a sunset dhow cruise.",
        "Nungwi Sands Beach Resort",
      ),
      day(
        "Day 4: Mnemba Atoll",
        "Boat trip to snorkel Mnemba's coral gardens, often with dolphins en route.",
        "Nungwi Sands Beach Resort",
      ),
      day("Day 5: Beach Day", "Free day on the beach or at the spa.", "Nungwi Sands Beach Resort"),
      day("Day 6: Kwaheri", "Transfer to Abeid Amani Karume airport."),
    ],
    scenes: [s("island", 5), s("beach", 1), s("city", 2)],
  },
  {
    title: "Dubai Skyline & Desert Nights",
    description:
      "A long weekend of contrasts: the view from the 124th floor of the Burj Khalifa, gold and spice souks on the creek, and a night under the stars at a desert camp in the Dubai Desert Conservation Reserve.",
    location: "Dubai, United Arab Emirates",
    price: "From R 22,300 pp",
    duration: "5 Days / 4 Nights",
    travel_period: season(10, 4),
    status: "draft",
    rating: null,
    review_count: null,
    highlights: [
      "Burj Khalifa 'At the Top' at sunset",
      "Abra ride across Dubai Creek and the Gold and Spice Souks",
      "Overnight luxury desert camp with falconry display",
      "Dinner cruise in Dubai Marina",
    ],
    inclusions: [
      "Return flights from Cape Town",
      "3 nights at Marina Crescent Hotel and 1 night at Al Sahra Desert Camp",
      "Daily breakfast, desert camp dinner and marina dinner cruise",
      "Burj Khalifa tickets and private transfers",
    ],
    exclusions: ["Dubai tourism dirham fee (paid at hotel)", "Lunches", "Travel insurance"],
    itinerary: [
      day(
        "Day 1: Arrival",
        "Transfer to Dubai Marina; evening walk along the Marina promenade.",
        "Marina Crescent Hotel",
      ),
      day(
        "Day 2: Old & New Dubai",
        "Al Fahidi historical district, abra across the creek, souks; Burj Khalifa at sunset and the Dubai Fountain show.",
        "Marina Crescent Hotel",
      ),
      day(
        "Day 3: Into the Desert",
        "Afternoon 4x4 into the conservation reserve, falconry display, camel ride and dinner under the stars.",
        "Al Sahra Desert Camp",
      ),
      day(
        "Day 4: Marina",
        "Return to the city; free afternoon and a dinner cruise.",
        "Marina Crescent Hotel",
      ),
      day("Day 5: Departure", "Transfer to DXB."),
    ],
    scenes: [s("desert", 1), s("city", 3), s("desert", 4)],
  },
];

// ---------------------------------------------------------------------------
// 2026 Exclusive trips (small-group, fixed departures)
// ---------------------------------------------------------------------------

const EXCLUSIVE: DemoPackage[] = [
  {
    title: "Okavango Delta Private Fly-In Safari",
    slug: "okavango-fly-in-safari-2026",
    description:
      "A hosted departure for just ten guests into the heart of Botswana's Okavango Delta at peak flood. Light aircraft hop between two private concessions, with mokoro excursions through the papyrus channels, walking safaris with San trackers and a night on a star bed.",
    location: "Okavango Delta, Botswana",
    price: "From R 123,300 pp",
    duration: "6 Days / 5 Nights",
    travel_period: departure(6, 14, 19),
    status: "published",
    rating: 4.9,
    review_count: 41,
    highlights: [
      "Small group of 10 with a Wanderlux host",
      "Scenic light-aircraft flights between camps",
      "Mokoro (dugout canoe) safari through the flooded channels",
      "Walking safari with San trackers",
      "A night under the stars on a raised sleep-out deck",
    ],
    inclusions: [
      "Return flights Johannesburg – Maun",
      "All light-aircraft transfers",
      "5 nights fully inclusive at Xaranna Reed Camp and Kwena Plains Lodge",
      "All game drives, mokoro and walking activities",
      "Park and concession fees",
    ],
    exclusions: [
      "Travel insurance with medical evacuation cover",
      "Gratuities for guides and camp staff",
      "Premium imported spirits",
    ],
    itinerary: [
      day(
        "Day 1: Maun to the Delta",
        "Fly to Maun, then a light aircraft low over the floodplains to camp. Sunset mokoro outing.",
        "Xaranna Reed Camp",
      ),
      day(
        "Day 2: Water Safari",
        "Motorboat and mokoro through the channels looking for sitatunga, hippo and the rare Pel's fishing owl.",
        "Xaranna Reed Camp",
      ),
      day(
        "Day 3: On Foot",
        "Walking safari on Chief's Island with San trackers; afternoon flight to the second camp.",
        "Kwena Plains Lodge",
      ),
      day(
        "Day 4: Predators",
        "Full day of game drives in a private concession known for lion and wild dog. Night on the star bed.",
        "Kwena Plains Star Bed",
      ),
      day(
        "Day 5: Last Drives",
        "Morning and afternoon drives; farewell boma dinner.",
        "Kwena Plains Lodge",
      ),
      day("Day 6: Homeward", "Flight back to Maun and connection to Johannesburg."),
    ],
    scenes: [s("safari", 1), s("safari", 3), s("safari", 4)],
    videos: [
      {
        type: "url",
        url: "https://www.youtube.com/watch?v=Vd7kT2pLx9s",
        title: "Mokoro at golden hour",
      },
    ],
  },
  {
    title: "Northern Lights & Arctic Fjords",
    slug: "northern-lights-arctic-fjords-2026",
    description:
      "Chase the aurora across northern Norway in the darkest, clearest weeks of winter. From Tromsø we cross to the Lofoten Islands, with two nights in a glass-roofed cabin, a husky sledding morning and a photographer who knows exactly where the clouds are not.",
    location: "Tromsø & Lofoten, Norway",
    price: "From R 107,100 pp",
    duration: "7 Days / 6 Nights",
    travel_period: departure(2, 3, 9),
    status: "published",
    rating: 4.8,
    review_count: 57,
    highlights: [
      "Three guided aurora hunts with a professional photographer",
      "Two nights in a glass-roofed aurora cabin",
      "Husky sledding through the Lyngen Alps",
      "Traditional red rorbu fishing cabins in Reine",
      "Arctic cuisine dinner: stockfish, reindeer and cloudberries",
    ],
    inclusions: [
      "Return flights from Cape Town to Tromsø and Leknes to Oslo",
      "6 nights' accommodation with breakfast and four dinners",
      "Thermal suits and boots for all activities",
      "All guided activities and transfers",
      "Wanderlux host from Cape Town",
    ],
    exclusions: ["Schengen visa", "Travel insurance", "Lunches"],
    itinerary: [
      day(
        "Day 1: Tromsø",
        "Arrive in Tromsø, gear fitting and a first aurora hunt after dinner.",
        "Polar Harbour Hotel",
      ),
      day(
        "Day 2: Huskies",
        "Morning husky sledding in the Lyngen Alps; afternoon at the Arctic Cathedral.",
        "Polar Harbour Hotel",
      ),
      day(
        "Day 3: Glass Cabin",
        "Drive north to the glass cabins at Skjervøy; aurora from your bed.",
        "Nordlys Glass Cabins",
      ),
      day(
        "Day 4: Fjords",
        "Fjord cruise looking for sea eagles and orcas (seasonal).",
        "Nordlys Glass Cabins",
      ),
      day(
        "Day 5: To Lofoten",
        "Fly to Leknes and drive to Reine through snow-dusted fishing villages.",
        "Reine Rorbuer",
      ),
      day(
        "Day 6: Lofoten",
        "Photography day at Hamnøy, Sakrisøy and the Flakstad beaches; final aurora hunt.",
        "Reine Rorbuer",
      ),
      day("Day 7: Departure", "Fly home via Oslo."),
    ],
    scenes: [s("fjord", 3), s("snow", 3), s("fjord", 0), s("snow", 0)],
  },
  {
    title: "Japan Cherry Blossom Journey",
    slug: "japan-cherry-blossom-2026",
    description:
      "Timed for the peak of sakura season, this escorted journey moves from Tokyo's neon to Kyoto's temple gardens by bullet train, with a night in a hot-spring ryokan facing Mount Fuji in between. Private tea ceremony, a sake brewery visit and hanami picnics under the blossom are included.",
    location: "Tokyo, Hakone & Kyoto, Japan",
    price: "From R 133,200 pp",
    duration: "7 Days / 6 Nights",
    travel_period: departure(3, 28, 3, 4),
    status: "published",
    highlights: [
      "Hanami picnic beneath the cherry trees of Shinjuku Gyoen",
      "Night in a ryokan with a private onsen facing Mount Fuji",
      "Shinkansen bullet train in Green Car class",
      "Private tea ceremony in a Kyoto machiya",
      "Dawn visit to Fushimi Inari before the crowds",
    ],
    inclusions: [
      "6 nights in 5-star hotels and a traditional ryokan",
      "Daily breakfast, two kaiseki dinners",
      "7-day Green Car rail pass",
      "English-speaking guide throughout",
      "All entrance fees for scheduled visits",
    ],
    exclusions: ["International flights", "Lunches and most dinners", "Travel insurance"],
    itinerary: [
      day(
        "Day 1: Tokyo",
        "Arrive at Haneda, transfer to Shinjuku and evening in Omoide Yokocho.",
        "Shinjuku Hanami Tower Hotel",
      ),
      day(
        "Day 2: Blossom & Tradition",
        "Hanami picnic in Shinjuku Gyoen, Meiji Shrine and Asakusa.",
        "Shinjuku Hanami Tower Hotel",
      ),
      day(
        "Day 3: Hakone",
        "Train to Hakone, Lake Ashi cruise and an onsen evening with a view of Fuji.",
        "Ryokan Fujimi-Tei",
      ),
      day(
        "Day 4: Kyoto",
        "Shinkansen to Kyoto; evening walk through Gion.",
        "Kamogawa Garden Hotel",
      ),
      day(
        "Day 5: Temples",
        "Fushimi Inari at dawn, Kiyomizu-dera and a private tea ceremony.",
        "Kamogawa Garden Hotel",
      ),
      day(
        "Day 6: Arashiyama",
        "Bamboo grove, Tenryū-ji gardens and a sake brewery in Fushimi.",
        "Kamogawa Garden Hotel",
      ),
      day("Day 7: Sayonara", "Transfer to Kansai airport."),
    ],
    scenes: [s("city", 2), s("mountains", 4), s("forest", 4)],
  },
  {
    title: "Seychelles Private Island Retreat",
    slug: "seychelles-private-island-2026",
    description:
      "A hosted escape for couples to a private granite island in the Seychelles, with only 20 villas and a giant tortoise population that outnumbers the guests. Snorkel with turtles, picnic on Anse Source d'Argent and watch the sun set over the Indian Ocean from your own deck.",
    location: "Praslin & La Digue, Seychelles",
    price: "From R 89,500 pp",
    duration: "6 Days / 5 Nights",
    travel_period: departure(9, 8, 13),
    status: "published",
    rating: 4.9,
    review_count: 33,
    highlights: [
      "Hillside pool villa on a private island",
      "Picnic on Anse Source d'Argent, La Digue",
      "Vallée de Mai and the coco de mer palms",
      "Turtle snorkelling at Curieuse Marine Park",
      "Creole cooking class with the island's chef",
    ],
    inclusions: [
      "Return flights from Johannesburg",
      "Domestic flights and helicopter transfer to the island",
      "5 nights full-board in a pool villa",
      "Island-hopping boat day and Vallée de Mai entry",
      "Wanderlux host",
    ],
    exclusions: ["Travel insurance", "Seychelles travel authorisation fee", "Spa treatments"],
    itinerary: [
      day(
        "Day 1: Arrival",
        "Fly to Mahé and take the helicopter to the island.",
        "Île Cachée Pool Villa",
      ),
      day(
        "Day 2: Praslin",
        "Vallée de Mai forest walk and lunch on Anse Lazio.",
        "Île Cachée Pool Villa",
      ),
      day(
        "Day 3: La Digue",
        "Cycle to Anse Source d'Argent for a private picnic.",
        "Île Cachée Pool Villa",
      ),
      day(
        "Day 4: Curieuse",
        "Snorkel with hawksbill turtles and meet the Aldabra tortoises.",
        "Île Cachée Pool Villa",
      ),
      day("Day 5: At Leisure", "Spa, kayaking or a Creole cooking class.", "Île Cachée Pool Villa"),
      day("Day 6: Departure", "Helicopter back to Mahé for your flight home."),
    ],
    scenes: [s("island", 5), s("beach", 5), s("lagoon", 0)],
  },
  {
    title: "Morocco Desert & Riads Odyssey",
    slug: "morocco-desert-riads-2026",
    description:
      "From the souks of Marrakech over the High Atlas to the dunes of Erg Chebbi, this small-group journey swaps bus tours for 4x4s, riads for hotels and a luxury desert camp for a night you will not forget. Includes a private cooking class and a hammam ritual.",
    location: "Marrakech & Merzouga, Morocco",
    price: "From R 83,700 pp",
    duration: "6 Days / 5 Nights",
    travel_period: departure(10, 15, 20),
    status: "published",
    rating: 4.7,
    review_count: 62,
    highlights: [
      "Camel trek into the Erg Chebbi dunes at sunset",
      "Luxury desert camp with Berber music around the fire",
      "Aït Benhaddou kasbah and the Todra Gorge",
      "Private riad in the Marrakech medina",
      "Hammam ritual and Moroccan cooking class",
    ],
    inclusions: [
      "5 nights in riads, kasbah hotels and desert camp",
      "Breakfast daily and four dinners",
      "Private 4x4 with driver across the Atlas",
      "Camel trek, cooking class and hammam",
      "Licensed local guide in Marrakech",
    ],
    exclusions: ["International flights", "Lunches", "Tips for drivers and guides"],
    itinerary: [
      day(
        "Day 1: Marrakech",
        "Arrive and settle into the riad; evening in Jemaa el-Fnaa.",
        "Riad Dar Zitoun",
      ),
      day(
        "Day 2: The Medina",
        "Guided souk walk, Bahia Palace, cooking class and hammam.",
        "Riad Dar Zitoun",
      ),
      day(
        "Day 3: Over the Atlas",
        "Tizi n'Tichka pass and Aït Benhaddou; night in the Dades Valley.",
        "Kasbah Tiwaline",
      ),
      day(
        "Day 4: To the Dunes",
        "Todra Gorge, then camels into Erg Chebbi for sunset.",
        "Erg Chebbi Luxury Camp",
      ),
      day(
        "Day 5: Sunrise",
        "Sunrise from the dunes, drive back towards Ouarzazate.",
        "Kasbah Tiwaline",
      ),
      day("Day 6: Departure", "Return to Marrakech airport."),
    ],
    scenes: [s("desert", 1), s("desert", 2), s("village", 4)],
  },
  {
    title: "Patagonia Glaciers & Peaks",
    slug: "patagonia-glaciers-peaks-2026",
    description:
      "Torres del Paine and Los Glaciares in one expedition-style journey: hike to the base of the granite towers, walk on the Perito Moreno glacier with crampons and end with an estancia barbecue on the Argentine steppe.",
    location: "Torres del Paine, Chile & El Calafate, Argentina",
    price: "From R 147,600 pp",
    duration: "7 Days / 6 Nights",
    travel_period: departure(11, 10, 16),
    status: "draft",
    highlights: [
      "Full-day hike to the Base of the Towers",
      "Mini-trekking on the Perito Moreno glacier",
      "Boat to the Grey Glacier icebergs",
      "Estancia asado with gauchos",
    ],
    inclusions: [
      "6 nights in eco-lodges with all meals in Torres del Paine",
      "Internal flights Santiago – Punta Arenas",
      "All guided hikes and glacier activities",
      "National park entry fees",
    ],
    exclusions: ["International flights", "Travel insurance", "Alcoholic drinks in El Calafate"],
    itinerary: [
      day(
        "Day 1: Punta Arenas",
        "Fly south and drive to Torres del Paine.",
        "Paine Wind Eco-Lodge",
      ),
      day("Day 2: The Towers", "Full-day hike to the Base of the Towers.", "Paine Wind Eco-Lodge"),
      day("Day 3: Grey Glacier", "Boat among the icebergs of Lago Grey.", "Paine Wind Eco-Lodge"),
      day("Day 4: Into Argentina", "Cross the border to El Calafate.", "Estancia La Lenga"),
      day(
        "Day 5: Perito Moreno",
        "Glacier mini-trek and the boardwalk viewpoints.",
        "Estancia La Lenga",
      ),
      day("Day 6: Estancia Day", "Horse riding and a traditional asado.", "Estancia La Lenga"),
      day("Day 7: Departure", "Fly to Buenos Aires for onward connections."),
    ],
    scenes: [s("mountains", 0), s("mountains", 1), s("snow", 4)],
  },
  {
    title: "Tuscany Harvest & Wine Estates",
    description:
      "Join the grape harvest in Chianti and Montalcino, stay on a restored 14th-century estate and cook with a nonna in her farmhouse kitchen. A slow, delicious week timed for the vendemmia.",
    location: "Chianti & Val d'Orcia, Italy",
    price: "From R 95,400 pp",
    duration: "6 Days / 5 Nights",
    travel_period: departure(9, 20, 25),
    status: "draft",
    highlights: [
      "Hands-on harvest morning at a Chianti Classico estate",
      "Brunello tasting in a Montalcino cellar",
      "Truffle hunt with a dog and forager",
      "Pasta-making with a Tuscan nonna",
    ],
    inclusions: [
      "5 nights at Borgo delle Vigne with breakfast",
      "Three dinners including a harvest feast",
      "All tastings, truffle hunt and cooking class",
      "Private driver for all excursions",
    ],
    exclusions: ["International flights", "Schengen visa", "Lunches on free days"],
    itinerary: [
      day(
        "Day 1: Florence to Chianti",
        "Transfer from Florence to the estate; welcome aperitivo.",
        "Borgo delle Vigne",
      ),
      day(
        "Day 2: Vendemmia",
        "Pick grapes in the morning and lunch with the harvest crew.",
        "Borgo delle Vigne",
      ),
      day("Day 3: Siena", "Guided morning in Siena, afternoon at leisure.", "Borgo delle Vigne"),
      day("Day 4: Val d'Orcia", "Pienza, Montalcino and a Brunello tasting.", "Borgo delle Vigne"),
      day(
        "Day 5: Truffles & Pasta",
        "Truffle hunt and pasta class; harvest feast.",
        "Borgo delle Vigne",
      ),
      day("Day 6: Arrivederci", "Transfer back to Florence."),
    ],
    scenes: [s("vineyard", 1), s("vineyard", 0), s("village", 4)],
  },
];

// ---------------------------------------------------------------------------
// Local trips (South Africa)
// ---------------------------------------------------------------------------

const LOCAL: DemoPackage[] = [
  {
    title: "Garden Route Coastal Road Trip",
    slug: "garden-route-road-trip",
    description:
      "South Africa's favourite road trip, with the planning done for you. Drive from Cape Town through Mossel Bay to Wilderness, Knysna and Plettenberg Bay, with a hired SUV, hand-picked guesthouses and a route book full of farm stalls, forest walks and beaches we love.",
    location: "Knysna & Plettenberg Bay, Western Cape",
    price: "From R 12,950 pp",
    duration: "5 Days / 4 Nights",
    travel_period: "Year-round",
    status: "published",
    rating: 4.8,
    review_count: 143,
    highlights: [
      "Self-drive with a curated route book and offline maps",
      "Knysna Heads and a lagoon sunset cruise",
      "Storms River suspension bridge in Tsitsikamma",
      "Robberg Nature Reserve coastal hike",
      "Oyster tasting at Thesen Island",
    ],
    inclusions: [
      "SUV hire with full insurance for 5 days",
      "4 nights in boutique guesthouses with breakfast",
      "Knysna lagoon sunset cruise",
      "Tsitsikamma National Park conservation fees",
      "Wanderlux route book and roadside support",
    ],
    exclusions: [
      "Fuel and toll fees",
      "Lunches and dinners",
      "Optional adventure activities (bungy, ziplining)",
    ],
    itinerary: [
      day(
        "Day 1: Cape Town to Wilderness",
        "Drive the N2 with a stop at a Swellendam farm stall and lunch in Mossel Bay.",
        "Wilderness Dune Lodge",
      ),
      day(
        "Day 2: Knysna",
        "Map of Africa viewpoint, Knysna Heads and a sunset lagoon cruise.",
        "Lagoon's Edge Guesthouse",
      ),
      day(
        "Day 3: Tsitsikamma",
        "Storms River Mouth, the suspension bridge and the Big Tree walk.",
        "The Plett Bay House",
      ),
      day(
        "Day 4: Plettenberg Bay",
        "Robberg peninsula hike and a beach afternoon.",
        "The Plett Bay House",
      ),
      day("Day 5: Homeward", "Return via Route 62 or fly home from George."),
    ],
    scenes: [s("forest", 0), s("beach", 4), s("mountains", 5)],
  },
  {
    title: "Kruger Big Five Safari",
    slug: "kruger-big-five-safari",
    description:
      "Three nights in a private reserve bordering the Kruger National Park, with no fences between you and the animals. Two game drives a day in open vehicles, expert trackers, and a lodge where the elephants come to drink at the pool.",
    location: "Sabi Sand Game Reserve, Mpumalanga",
    price: "From R 18,750 pp",
    duration: "4 Days / 3 Nights",
    travel_period: "April – October (dry season)",
    status: "published",
    rating: 4.9,
    review_count: 276,
    highlights: [
      "Twice-daily game drives with a tracker in the Sabi Sand",
      "Excellent leopard sightings in one of Africa's top reserves",
      "Guided bush walk at dawn",
      "Boma dinner under the stars",
      "Suite with private plunge pool overlooking a waterhole",
    ],
    inclusions: [
      "Return flights Cape Town – Skukuza",
      "3 nights fully inclusive at Ingwe River Lodge",
      "All game drives and bush walks",
      "Conservation levies",
      "Airstrip transfers",
    ],
    exclusions: ["Premium wines", "Gratuities for rangers and trackers", "Travel insurance"],
    itinerary: [
      day(
        "Day 1: Into the Bush",
        "Fly to Skukuza and transfer to the lodge; afternoon game drive.",
        "Ingwe River Lodge",
      ),
      day(
        "Day 2: Tracking",
        "Dawn drive, brunch, afternoon at the pool and a sunset drive.",
        "Ingwe River Lodge",
      ),
      day(
        "Day 3: On Foot",
        "Guided bush walk, afternoon drive and boma dinner.",
        "Ingwe River Lodge",
      ),
      day("Day 4: Farewell", "Final morning drive and flight home."),
    ],
    scenes: [s("safari", 0), s("safari", 1), s("safari", 3), s("safari", 5)],
    videos: [
      {
        type: "url",
        url: "https://www.youtube.com/watch?v=Rm2sYk8Jt5w",
        title: "Leopard at the waterhole",
      },
    ],
  },
  {
    title: "Drakensberg Mountain Retreat",
    slug: "drakensberg-mountain-retreat",
    description:
      "Cool air, big walls of basalt and San rock art hidden in the sandstone: a weekend in the uKhahlamba-Drakensberg is the perfect reset. Hike to Tugela Falls or take a gentle walk to the rock shelters, then come back to a log fire and a proper Sunday roast.",
    location: "Northern Drakensberg, KwaZulu-Natal",
    price: "From R 8,450 pp",
    duration: "3 Days / 2 Nights",
    travel_period: "Year-round (snow possible June – August)",
    status: "published",
    highlights: [
      "Guided hike to the Tugela Falls viewpoint",
      "San rock art shelters with a heritage guide",
      "Mountain-view chalet with fireplace",
      "Drakensberg Boys' Choir performance (Wednesdays)",
    ],
    inclusions: [
      "2 nights half-board at Amphitheatre View Lodge",
      "Guided Tugela Gorge or Sentinel hike",
      "Rock art tour",
      "Park conservation fees",
    ],
    exclusions: ["Flights or transport to the Drakensberg", "Lunches", "Spa treatments"],
    itinerary: [
      day(
        "Day 1: Arrival",
        "Check in, afternoon walk to the lodge's waterfall, fireside dinner.",
        "Amphitheatre View Lodge",
      ),
      day("Day 2: Tugela", "Full-day guided hike with picnic lunch.", "Amphitheatre View Lodge"),
      day("Day 3: Rock Art", "Morning rock art tour and departure after lunch."),
    ],
    scenes: [s("mountains", 0), s("mountains", 4), s("forest", 1)],
  },
  {
    title: "Cape Winelands Gourmet Weekend",
    slug: "winelands-gourmet-weekend",
    description:
      "Two nights in a Cape Dutch manor outside Franschhoek, with a private driver for tastings across Stellenbosch, Paarl and the Franschhoek valley, a chef's table lunch and a picnic among the vines. Nobody has to be the designated driver.",
    location: "Franschhoek & Stellenbosch, Western Cape",
    price: "From R 9,800 pp",
    duration: "3 Days / 2 Nights",
    travel_period: "Year-round (harvest February – April)",
    status: "published",
    rating: 4.8,
    review_count: 118,
    highlights: [
      "Private driver for two days of tastings",
      "Chef's table lunch at a Stellenbosch estate",
      "Méthode Cap Classique cellar tour",
      "Vineyard picnic in the Franschhoek valley",
      "Cape Dutch manor suite with mountain views",
    ],
    inclusions: [
      "2 nights at Vredehof Manor with breakfast",
      "Private driver-guide for 2 days",
      "Tasting fees at five estates",
      "Chef's table lunch and vineyard picnic",
    ],
    exclusions: [
      "Wine purchases and shipping",
      "Dinners",
      "Transport from Cape Town (can be added)",
    ],
    itinerary: [
      day(
        "Day 1: Franschhoek",
        "Arrive at the manor, afternoon MCC tour and dinner in the village.",
        "Vredehof Manor",
      ),
      day(
        "Day 2: Stellenbosch & Paarl",
        "Three tastings and a chef's table lunch.",
        "Vredehof Manor",
      ),
      day("Day 3: Picnic", "Vineyard picnic and a final tasting before heading home."),
    ],
    scenes: [s("vineyard", 0), s("vineyard", 1), s("vineyard", 4)],
  },
  {
    title: "Cederberg Stargazing & Rock Art",
    slug: "cederberg-stargazing",
    description:
      "Three hours from Cape Town, the Cederberg's sandstone arches and some of the darkest skies in the country. Hike to the Wolfberg Cracks, swim in rock pools and spend an evening with an astronomer and a telescope pointed at Saturn's rings.",
    location: "Cederberg Wilderness Area, Western Cape",
    price: "From R 6,250 pp",
    duration: "3 Days / 2 Nights",
    travel_period: "March – May & September – November",
    status: "published",
    highlights: [
      "Guided stargazing with an astronomer",
      "Wolfberg Cracks and Arch hike",
      "Sevilla rock art trail",
      "Rooibos tea farm visit in Clanwilliam",
    ],
    inclusions: [
      "2 nights in a stone cottage at Kliphuis Camp",
      "Breakfasts and one braai dinner",
      "Stargazing session and rock art trail permit",
      "Cederberg conservation fees",
    ],
    exclusions: ["Transport (4x4 not required)", "Lunches", "Travel insurance"],
    itinerary: [
      day(
        "Day 1: Into the Cederberg",
        "Drive up the N7, rooibos tasting, braai and stargazing.",
        "Kliphuis Stone Cottages",
      ),
      day(
        "Day 2: Wolfberg Cracks",
        "Morning hike and an afternoon swim in the river pools.",
        "Kliphuis Stone Cottages",
      ),
      day("Day 3: Rock Art", "Sevilla rock art trail and drive home."),
    ],
    scenes: [s("mountains", 3), s("desert", 4)],
  },
  {
    title: "Wild Coast Hiking & Hole in the Wall",
    slug: "wild-coast-hiking",
    description:
      "A slackpacking adventure along the Eastern Cape's wildest shoreline: rolling green hills, Xhosa villages and empty beaches, with your luggage carried ahead each day. Ends at the famous Hole in the Wall.",
    location: "Coffee Bay, Eastern Cape",
    price: "From R 7,900 pp",
    duration: "4 Days / 3 Nights",
    travel_period: season(9, 4),
    status: "draft",
    highlights: [
      "Guided slackpacking with luggage transfers",
      "Hole in the Wall at sunrise",
      "Homestay lunch in a Xhosa village",
      "Remote beaches and dolphin sightings",
    ],
    inclusions: [
      "3 nights in coastal lodges, dinner and breakfast",
      "Local guide for all hiking days",
      "Daily luggage transfers",
      "Packed lunches",
    ],
    exclusions: ["Flights to Mthatha", "Drinks", "Gratuities"],
    itinerary: [
      day("Day 1: Coffee Bay", "Transfer from Mthatha and a sunset walk.", "Ocean Rondavels Lodge"),
      day(
        "Day 2: Coastal Trail",
        "Hike south past Mapuzi caves with a village lunch.",
        "Ocean Rondavels Lodge",
      ),
      day("Day 3: Hole in the Wall", "Full-day hike to Hole in the Wall.", "Esikhaleni Lodge"),
      day("Day 4: Departure", "Sunrise at the arch and transfer back to Mthatha."),
    ],
    scenes: [s("beach", 0), s("forest", 5)],
  },
  {
    title: "Hermanus Whale Coast Escape",
    description:
      "Southern right whales come within metres of the cliffs at Hermanus every spring. Stay on the cliff path, take a licensed boat-based whale watching trip and add a tasting in the Hemel-en-Aarde valley.",
    location: "Hermanus, Western Cape",
    price: "From R 5,950 pp",
    duration: "3 Days / 2 Nights",
    travel_period: "July – November (whale season)",
    status: "draft",
    highlights: [
      "Boat-based whale watching with a licensed operator",
      "Cliff path walk with whale viewing points",
      "Hemel-en-Aarde wine tasting",
      "Fresh seafood lunch in Gansbaai",
    ],
    inclusions: [
      "2 nights at Walker Bay Cliff House with breakfast",
      "Whale watching boat trip",
      "Wine tasting at two estates",
      "Guided cliff path walk with a marine naturalist",
    ],
    exclusions: ["Transport", "Lunches and dinners", "Shark cage diving (optional)"],
    itinerary: [
      day("Day 1: Hermanus", "Arrive, cliff path walk and sundowners.", "Walker Bay Cliff House"),
      day(
        "Day 2: Whales",
        "Morning whale watching boat trip, afternoon tasting.",
        "Walker Bay Cliff House",
      ),
      day("Day 3: Gansbaai", "Seafood lunch and drive home."),
    ],
    scenes: [s("beach", 1), s("village", 5)],
  },
];

// ---------------------------------------------------------------------------
// Discovery packages (hidden gems)
// ---------------------------------------------------------------------------

const DISCOVERY: DemoPackage[] = [
  {
    title: "Lofoten Islands: Arctic Fishing Villages",
    slug: "lofoten-arctic-villages",
    description:
      "Jagged peaks dropping straight into the sea, red fishing cabins on stilts and the midnight sun barely dipping below the horizon. Lofoten in summer is a hiker's and photographer's dream, and surprisingly few South Africans have been.",
    location: "Lofoten, Norway",
    price: "From R 77,200 pp",
    duration: "6 Days / 5 Nights",
    travel_period: season(6, 8, "midnight sun"),
    status: "published",
    rating: 4.9,
    review_count: 52,
    highlights: [
      "Stay in a restored rorbu fishing cabin in Reine",
      "Reinebringen and Ryten hikes above white-sand beaches",
      "Sea kayaking among the islands at midnight",
      "Stockfish drying racks and the Å village museum",
      "Sea eagle safari from Svolvær",
    ],
    inclusions: [
      "5 nights in rorbu cabins with breakfast",
      "Car hire from Leknes",
      "Guided midnight kayak and sea eagle safari",
      "Detailed hiking notes and offline maps",
    ],
    exclusions: ["International flights", "Schengen visa", "Dinners"],
    itinerary: [
      day("Day 1: Leknes", "Fly in, pick up the car and drive to Reine.", "Reine Rorbuer"),
      day(
        "Day 2: Reinebringen",
        "Morning hike for the classic view; afternoon in Å.",
        "Reine Rorbuer",
      ),
      day("Day 3: Beaches", "Kvalvika beach and the Ryten hike.", "Reine Rorbuer"),
      day(
        "Day 4: Midnight Kayak",
        "Slow day, then sea kayaking under the midnight sun.",
        "Henningsvær Bryggehotell",
      ),
      day(
        "Day 5: Sea Eagles",
        "Boat safari into the Trollfjord from Svolvær.",
        "Henningsvær Bryggehotell",
      ),
      day("Day 6: Departure", "Drive back to Leknes for your flight."),
    ],
    scenes: [s("fjord", 0), s("fjord", 4), s("fjord", 3)],
    videos: [
      {
        type: "url",
        url: "https://vimeo.com/761204583",
        title: "Midnight sun over Reine",
      },
    ],
  },
  {
    title: "Socotra: The Alien Island",
    slug: "socotra-alien-island",
    description:
      "Isolated for millions of years, Socotra is home to dragon's blood trees, bottle trees and white dunes that spill into turquoise water. Travel is simple camping with an expert local team, for travellers who want somewhere genuinely different.",
    location: "Socotra Archipelago, Yemen",
    price: "From R 71,100 pp",
    duration: "7 Days / 6 Nights",
    travel_period: season(10, 4),
    status: "published",
    highlights: [
      "Dragon's blood tree forest on the Dixam Plateau",
      "Camping on the white dunes of Aomak beach",
      "Swimming in the Homhil natural infinity pool",
      "Boat to Shuab beach with spinner dolphins",
      "Hoq Cave and its ancient inscriptions",
    ],
    inclusions: [
      "Charter flights from Abu Dhabi",
      "Socotra entry permit and visa",
      "6 nights' camping and eco-lodge with all meals",
      "4x4 with driver, local guide and camp crew",
    ],
    exclusions: [
      "Flights to Abu Dhabi",
      "Travel insurance (must cover Yemen)",
      "Tips for the crew",
    ],
    itinerary: [
      day(
        "Day 1: Hadibu",
        "Charter flight to Socotra, drive to the Delisha dunes for sunset.",
        "Hadibu Eco-Lodge",
      ),
      day(
        "Day 2: Homhil",
        "Hike to the Homhil pool and camp among frankincense trees.",
        "Homhil Camp",
      ),
      day(
        "Day 3: Dixam",
        "Dragon's blood tree forest and Wadi Dirhur canyon.",
        "Dixam Plateau Camp",
      ),
      day("Day 4: Aomak", "Drive to the south coast and the Aomak dunes.", "Aomak Beach Camp"),
      day("Day 5: Hoq Cave", "Hike to Hoq Cave's stalactites.", "Arher Beach Camp"),
      day("Day 6: Shuab", "Boat past dolphins to Shuab beach.", "Hadibu Eco-Lodge"),
      day("Day 7: Departure", "Charter back to Abu Dhabi."),
    ],
    scenes: [s("desert", 0), s("beach", 5), s("island", 2)],
  },
  {
    title: "Faroe Islands Cliffs & Sea Stacks",
    slug: "faroe-islands-cliffs",
    description:
      "Eighteen islands of grass-roofed villages, sea cliffs and waterfalls falling into the North Atlantic. We base you in Tórshavn and Gásadalur, with a boat trip under the Vestmanna bird cliffs and a hike to the lake that appears to float above the ocean.",
    location: "Faroe Islands",
    price: "From R 66,250 pp",
    duration: "5 Days / 4 Nights",
    travel_period: season(5, 9),
    status: "published",
    rating: 4.7,
    review_count: 29,
    highlights: [
      "Sørvágsvatn, the 'lake above the ocean', hike",
      "Múlafossur waterfall at Gásadalur",
      "Vestmanna bird cliffs boat trip",
      "Puffins on Mykines (June – August)",
      "Heimablídni dinner in a Faroese family home",
    ],
    inclusions: [
      "4 nights in boutique guesthouses with breakfast",
      "Car hire and sub-sea tunnel tolls",
      "Vestmanna boat trip and Mykines ferry",
      "Heimablídni home-hosted dinner",
    ],
    exclusions: ["International flights", "Schengen visa", "Hiking fees charged by landowners"],
    itinerary: [
      day("Day 1: Vágar", "Arrive and walk to Múlafossur waterfall.", "Gásadalur Guesthouse"),
      day(
        "Day 2: Sørvágsvatn",
        "Hike to the Trælanípa cliff above the lake.",
        "Gásadalur Guesthouse",
      ),
      day(
        "Day 3: Mykines",
        "Ferry to Mykines for puffins and the lighthouse.",
        "Tórshavn Harbour Hotel",
      ),
      day(
        "Day 4: Vestmanna",
        "Bird cliffs by boat, dinner with a Faroese family.",
        "Tórshavn Harbour Hotel",
      ),
      day("Day 5: Departure", "Morning in Tórshavn's old town, then fly home."),
    ],
    scenes: [s("fjord", 6), s("karst", 4), s("mountains", 5)],
  },
  {
    title: "Raja Ampat Liveaboard Dive Safari",
    slug: "raja-ampat-liveaboard",
    description:
      "The most biodiverse reefs on the planet, explored from a traditional phinisi schooner with only eight cabins. Dive or snorkel three times a day among manta rays and walls of soft coral, and climb to the Piaynemo viewpoint for the postcard view over the karst islands.",
    location: "Raja Ampat, West Papua, Indonesia",
    price: "From R 97,200 pp",
    duration: "7 Days / 6 Nights",
    travel_period: season(10, 4),
    status: "published",
    highlights: [
      "Phinisi schooner with eight en-suite cabins",
      "Up to three dives or snorkels a day",
      "Manta Sandy cleaning station",
      "Piaynemo karst viewpoint",
      "Village visit on Arborek island",
    ],
    inclusions: [
      "6 nights full-board on board",
      "All diving with guides, tanks and weights",
      "Raja Ampat marine park fee",
      "Transfers from Sorong",
    ],
    exclusions: ["Flights to Sorong", "Dive equipment hire", "Nitrox and alcoholic drinks"],
    itinerary: [
      day(
        "Day 1: Sorong",
        "Board the schooner and sail to the Dampier Strait.",
        "Phinisi Laut Biru",
      ),
      day("Day 2: Dampier Strait", "Cape Kri and Manta Sandy.", "Phinisi Laut Biru"),
      day("Day 3: Arborek", "Village visit and jetty snorkel.", "Phinisi Laut Biru"),
      day("Day 4: Piaynemo", "Viewpoint climb and lagoon kayak.", "Phinisi Laut Biru"),
      day(
        "Day 5: Misool Approach",
        "Soft-coral walls and blue-water drift dives.",
        "Phinisi Laut Biru",
      ),
      day("Day 6: Return Leg", "Final dives and a beach barbecue.", "Phinisi Laut Biru"),
      day("Day 7: Disembark", "Return to Sorong for onward flights."),
    ],
    scenes: [s("karst", 5), s("island", 5), s("karst", 1)],
  },
  {
    title: "Svaneti: Medieval Towers of the Caucasus",
    slug: "svaneti-caucasus-towers",
    description:
      "High in Georgia's Greater Caucasus, stone defensive towers stand over villages that still keep their own language and feasts. Walk between Mestia and Ushguli, Europe's highest continuously inhabited village, with a local guide and supra dinners each night.",
    location: "Svaneti, Georgia",
    price: "From R 51,300 pp",
    duration: "6 Days / 5 Nights",
    travel_period: season(6, 9),
    status: "published",
    rating: 4.8,
    review_count: 17,
    highlights: [
      "Trek from Mestia to Ushguli beneath Mount Shkhara",
      "Stay in family guesthouses with Svan feasts",
      "Chalaadi glacier walk",
      "Qvevri wine tasting in Kakheti on the way",
    ],
    inclusions: [
      "5 nights in guesthouses with all meals",
      "Local mountain guide and luggage transfers",
      "Transfers from Kutaisi",
      "Wine tasting",
    ],
    exclusions: ["International flights", "Travel insurance", "Tips"],
    itinerary: [
      day("Day 1: Kutaisi to Mestia", "Drive through the Enguri gorge.", "Mestia Tower Guesthouse"),
      day("Day 2: Chalaadi", "Glacier walk and the Svaneti museum.", "Mestia Tower Guesthouse"),
      day("Day 3: Zhabeshi", "Trek to Zhabeshi over the Ughviri pass.", "Zhabeshi Family House"),
      day("Day 4: Adishi", "Trek to Adishi village.", "Adishi Family House"),
      day("Day 5: Ushguli", "River crossing and descent into Ushguli.", "Ushguli Stone Guesthouse"),
      day("Day 6: Departure", "Drive back to Kutaisi."),
    ],
    scenes: [s("mountains", 0), s("village", 4), s("snow", 0)],
  },
  {
    title: "Lençóis Maranhenses Dune Lagoons",
    slug: "lencois-maranhenses-lagoons",
    description:
      "After the rains, thousands of crystal-clear lagoons fill the valleys between Brazil's white dunes. Swim in them, fly over them in a small plane and stay in a riverside pousada in Atins, where kitesurfers gather in the afternoons.",
    location: "Maranhão, Brazil",
    price: "From R 60,300 pp",
    duration: "5 Days / 4 Nights",
    travel_period: season(6, 9),
    status: "draft",
    highlights: [
      "Swimming in the Lagoa Azul and Lagoa Bonita",
      "Scenic flight over the dunes",
      "Riverside pousada in Atins",
      "Shrimp lunch at Canto do Atins",
    ],
    inclusions: [
      "4 nights in pousadas with breakfast",
      "4x4 dune excursions and scenic flight",
      "Transfers from São Luís",
      "Boat transfer along the Preguiças river to Atins",
    ],
    exclusions: ["International flights", "Lunches and dinners", "Kitesurfing lessons"],
    itinerary: [
      day(
        "Day 1: Barreirinhas",
        "Transfer from São Luís, sunset on the dunes.",
        "Pousada Rio Preguiças",
      ),
      day("Day 2: Lagoons", "4x4 to the Lagoa Azul and Lagoa Bonita.", "Pousada Rio Preguiças"),
      day("Day 3: Atins", "Boat down the Preguiças river to Atins.", "Pousada Vento Leste"),
      day("Day 4: From Above", "Scenic flight and a shrimp lunch.", "Pousada Vento Leste"),
      day("Day 5: Departure", "Return to São Luís."),
    ],
    scenes: [s("desert", 5), s("desert", 0), s("desert", 4)],
  },
  {
    title: "Madagascar Avenue of the Baobabs",
    slug: "madagascar-baobabs",
    description:
      "Lemurs in the rainforest of Andasibe, the giant baobabs of Morondava at sunset and the limestone needles of the Tsingy: a week through an island unlike any other, with a naturalist guide and our favourite lodges.",
    location: "Morondava & Andasibe, Madagascar",
    price: "From R 73,800 pp",
    duration: "7 Days / 6 Nights",
    travel_period: season(5, 11),
    status: "draft",
    highlights: [
      "Sunset on the Avenue of the Baobabs",
      "Indri lemurs calling at dawn in Andasibe",
      "Kirindy forest night walk for fossa and mouse lemurs",
      "Pirogue trip on the Tsiribihina river",
    ],
    inclusions: [
      "6 nights in lodges with breakfast and dinner",
      "Domestic flights and private vehicle",
      "Naturalist guide throughout",
      "Park entry fees",
    ],
    exclusions: ["International flights", "Madagascar visa", "Travel insurance"],
    itinerary: [
      day("Day 1: Antananarivo", "Arrive and overnight near the airport.", "Tana Hill Lodge"),
      day("Day 2: Andasibe", "Drive east to the rainforest; night walk.", "Andasibe Forest Lodge"),
      day("Day 3: Indri", "Dawn walk to hear the indri lemurs.", "Andasibe Forest Lodge"),
      day(
        "Day 4: Morondava",
        "Fly west; sunset on the Avenue of the Baobabs.",
        "Baobab Beach Lodge",
      ),
      day("Day 5: Kirindy", "Dry forest and a night walk for fossa.", "Kirindy Camp"),
      day("Day 6: Coast", "Pirogue trip and beach afternoon.", "Baobab Beach Lodge"),
      day("Day 7: Departure", "Fly to Antananarivo for onward flights."),
    ],
    scenes: [s("safari", 2), s("forest", 5), s("beach", 5)],
  },
];

/** Hero slides (public/images/banners, made by scripts/make-seed-assets.ts) and their scenes. */
export const DEMO_BANNERS: { name: string; scene: SceneName; variant: number }[] = [
  { name: "mauritius", scene: "beach", variant: 11 },
  { name: "bali", scene: "temple", variant: 1 },
  { name: "phuket", scene: "karst", variant: 5 },
  { name: "cape-town", scene: "tablemountain", variant: 0 },
  { name: "msc-cruise", scene: "cruise", variant: 1 },
  { name: "spain", scene: "village", variant: 0 },
];

/**
 * Every picture in the demo is its own: a scene + variant already shown (by a hero slide or an
 * earlier package) moves on by one palette cycle (same light and mood, a new layout) until unused,
 * so no two destinations ever share a photo.
 */
function withUniquePictures(kinds: Record<PackageKind, DemoPackage[]>) {
  const used = new Set(DEMO_BANNERS.map((b) => `${b.scene}:${b.variant}`));
  const unique = (pkg: DemoPackage): DemoPackage => ({
    ...pkg,
    scenes: pkg.scenes.map(({ scene, variant }) => {
      let v = variant;
      while (used.has(`${scene}:${v}`)) v += MOOD_COUNT;
      used.add(`${scene}:${v}`);
      return { scene, variant: v };
    }),
  });
  return {
    trip: kinds.trip.map(unique),
    exclusive: kinds.exclusive.map(unique),
    local: kinds.local.map(unique),
    discovery: kinds.discovery.map(unique),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** "7 Days / 6 Nights" → 7; 1 when the text says nothing countable. */
function days(duration: string): number {
  const match = /(\d+)\s*day/i.exec(duration);
  return match ? Number(match[1]) : 1;
}

const DEMO_FAQS = [
  {
    question: "Do I need a visa?",
    answer:
      "It depends on your passport. We confirm what you need when you book and help with the application where one is required.",
  },
  {
    question: "How do I pay?",
    answer:
      "A 30% deposit secures your place; the balance is due 60 days before departure. We accept EFT and all major cards.",
  },
  {
    question: "Can the trip be tailored?",
    answer:
      "Yes. Tell us what you would like to change when you enquire: extra nights, a different room or a private guide.",
  },
];

const SEATS_CYCLE = [12, 16, 10] as const;

/**
 * The demo's trip facts: an entered rating with its source (where the catalogue has none, one
 * from a fixed list), three departures a month apart from the month after seeding (except
 * exclusives, which keep their one period) priced at the package's price with seats (every fifth
 * package's first date closed as sold out, another's with only 3 seats), FAQs and a meeting point.
 */
function withTripFacts(kind: PackageKind, pkgs: DemoPackage[]): DemoPackage[] {
  return pkgs.map((pkg, i) => {
    const rated = typeof pkg.rating === "number";
    const facts: Partial<DemoPackage> = {
      rating: rated ? pkg.rating : [4.7, 4.8, 4.6, 4.9][i % 4],
      review_count: rated ? pkg.review_count : [38, 74, 122, 59, 91][i % 5],
      rating_source: "Google reviews",
      faqs: DEMO_FAQS,
      meeting_point:
        kind === "local"
          ? "Our Cape Town office, 14 Bree Street, or a pick-up from your hotel in the city"
          : "The arrivals hall of the destination airport, where your Wanderlux host meets you",
    };
    if (kind !== "exclusive") {
      facts.departures = [1, 2, 3].map((monthsAhead, n) => {
        const start = new Date(
          Date.UTC(SEEDED_AT.getUTCFullYear(), SEEDED_AT.getUTCMonth() + monthsAhead, 7 + i),
        );
        const end = new Date(start.getTime() + (days(pkg.duration) - 1) * 86_400_000);
        const first = n === 0;
        return {
          start_date: isoDay(start),
          end_date: isoDay(end),
          price: pkg.price,
          seats_total: first && i % 5 === 3 ? 3 : SEATS_CYCLE[(i + n) % 3]!,
          ...(first && i % 5 === 2 ? { status: "sold_out" as const } : {}),
          ...((i + n) % 3 === 0 ? { guaranteed: true } : {}),
        };
      });
    }
    return { ...pkg, ...facts };
  });
}

export const DEMO_PACKAGES: Record<PackageKind, DemoPackage[]> = withUniquePictures({
  trip: withTripFacts("trip", TRIPS),
  exclusive: withTripFacts("exclusive", EXCLUSIVE),
  local: withTripFacts("local", LOCAL),
  discovery: withTripFacts("discovery", DISCOVERY),
});

export const DEMO_MOMENTS: DemoMoment[] = [
  {
    title: "Sunset over the lagoon",
    description: "Golden hour from the jetty of an overwater villa in the Maldives.",
    asset: "moment-lagoon-sunset.webm",
    thumbnail: "moment-lagoon-sunset.webp",
    duration: "0:06",
    isActive: true,
  },
  {
    title: "Morning on Table Mountain",
    description: "The tablecloth rolls in over our home city, seen from Table Bay.",
    asset: "moment-table-mountain-morning.webm",
    thumbnail: "moment-table-mountain-morning.webp",
    duration: "0:06",
    isActive: true,
  },
  {
    title: "Golden hour in the Sabi Sand",
    description: "Giraffes crossing the savanna on an evening game drive.",
    asset: "moment-safari-golden-hour.webm",
    thumbnail: "moment-safari-golden-hour.webp",
    duration: "0:07",
    isActive: true,
  },
  {
    title: "Sailing the Indian Ocean",
    asset: "moment-ocean-cruise.webm",
    thumbnail: "moment-ocean-cruise.webp",
    duration: "0:06",
    isActive: true,
  },
  {
    title: "Aurora over Lofoten",
    description: "Northern lights above the fishing cabins of Reine.",
    asset: "moment-lofoten-aurora.webm",
    thumbnail: "moment-lofoten-aurora.webp",
    duration: "0:06",
    isActive: false,
  },
];
