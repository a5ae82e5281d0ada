import {
  LIMITS,
  slugify,
  stripInvisible,
  type Faq,
  type ItineraryDay,
  type Package,
  type TravelMoment,
} from "./schemas";

/**
 * Translated content (decision 139): a package's and a moment's text fields in a language other
 * than the default. A blank field means "not translated": the page shows the default language's
 * text there, marked with its own `lang`. Lists (highlights, itinerary, inclusions, exclusions,
 * FAQ) are translated item by item beside the default language's items, and count as translated
 * only when every item is; a half-translated list shows whole in the default language, never
 * mixed. Departure notes and image alt texts stand alone, so each falls back on its own.
 */
export interface PackageTranslation {
  title: string;
  slug: string | null;
  description: string;
  highlights: string[];
  itinerary: ItineraryDay[];
  inclusions: string[];
  exclusions: string[];
  faqs: Faq[];
  meeting_point: string;
  /** A departure's note per departure id. */
  departure_notes: Record<string, string>;
  /** An image's alt text per image URL. */
  image_alts: Record<string, string>;
  /**
   * Staff published the translation in this language (decision 154): publishing per language is
   * explicit. Not a text field (completeness never counts it).
   */
  published: boolean;
}

export const PACKAGE_TRANSLATION_FIELDS = [
  "title",
  "slug",
  "description",
  "highlights",
  "itinerary",
  "inclusions",
  "exclusions",
  "faqs",
  "meeting_point",
  "departure_notes",
  "image_alts",
] as const;
export type PackageTranslationField = (typeof PACKAGE_TRANSLATION_FIELDS)[number];

export const PACKAGE_TRANSLATION_LABELS: Record<PackageTranslationField, string> = {
  title: "Title",
  slug: "URL slug",
  description: "Description",
  highlights: "Highlights",
  itinerary: "Itinerary",
  inclusions: "What's included",
  exclusions: "What's not included",
  faqs: "FAQ",
  meeting_point: "Meeting point",
  departure_notes: "Departure notes",
  image_alts: "Image alt text",
};

export function emptyPackageTranslation(): PackageTranslation {
  return {
    title: "",
    slug: null,
    description: "",
    highlights: [],
    itinerary: [],
    inclusions: [],
    exclusions: [],
    faqs: [],
    meeting_point: "",
    departure_notes: {},
    image_alts: {},
    published: false,
  };
}

/** The package text a translation is made from (the default language's). */
export type TranslationSource = Pick<
  Package,
  | "title"
  | "slug"
  | "description"
  | "highlights"
  | "itinerary"
  | "inclusions"
  | "exclusions"
  | "faqs"
  | "meeting_point"
  | "departures"
  | "imageDetails"
>;

/**
 * Every character `String.prototype.trim` removes (ECMAScript's WhiteSpace and LineTerminator):
 * a text of only these is blank. The SQL form of the appearance rule removes exactly these, so
 * it and `hasTitleAndDescription` agree (PostgreSQL's `btrim` removes only spaces).
 */
export const TRIMMED_CHARACTERS =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

/** Whether a translation has what it needs to appear: its title and description. */
export function hasTitleAndDescription(
  translation: Pick<PackageTranslation, "title" | "description"> | undefined,
): boolean {
  return Boolean(translation && translation.title.trim() && translation.description.trim());
}

/**
 * "Published in German" (the appearance rule): staff published it there (decision 154) and its
 * title and description are translated (decision 139).
 */
export function appearsIn(translation: PackageTranslation | undefined): boolean {
  return Boolean(translation?.published) && hasTitleAndDescription(translation);
}

/** The translation form's checkbox: "Publish in German". */
export const PUBLISH_TRANSLATION_FIELD = "published";

/** Why a translation cannot be published yet. */
export const PUBLISH_NEEDS_TITLE_AND_DESCRIPTION =
  "Translate the title and description before publishing: a translation is shown only with both";

const filled = (text: string | undefined) => Boolean(text && text.trim());

function listTranslated(source: string[], translated: string[]): boolean {
  return source.every((item, i) => !filled(item) || filled(translated[i]));
}

function daysTranslated(source: ItineraryDay[], translated: ItineraryDay[]): boolean {
  return source.every((day, i) => {
    const own = translated[i];
    return (
      (!filled(day.day) || filled(own?.day)) &&
      (!filled(day.activity) || filled(own?.activity)) &&
      (!filled(day.accommodation) || filled(own?.accommodation))
    );
  });
}

function faqsTranslated(source: Faq[], translated: Faq[]): boolean {
  return source.every((faq, i) => filled(translated[i]?.question) && filled(translated[i]?.answer));
}

const notesOf = (source: TranslationSource) =>
  source.departures.filter((d) => filled(d.note ?? ""));
const altsOf = (source: TranslationSource) => source.imageDetails.filter((i) => filled(i.alt));

/** The fields that have default-language text to translate (an empty one needs nothing). */
export function fieldsToTranslate(source: TranslationSource): PackageTranslationField[] {
  return PACKAGE_TRANSLATION_FIELDS.filter((field) => {
    switch (field) {
      case "departure_notes":
        return notesOf(source).length > 0;
      case "image_alts":
        return altsOf(source).length > 0;
      case "slug":
        return true;
      case "itinerary":
      case "faqs":
      case "highlights":
      case "inclusions":
      case "exclusions":
        return source[field].length > 0;
      default:
        return filled(source[field]);
    }
  });
}

/** Whether one field is translated completely (every item of a list, every note). */
export function isFieldTranslated(
  source: TranslationSource,
  translation: PackageTranslation,
  field: PackageTranslationField,
): boolean {
  switch (field) {
    case "slug":
      return filled(translation.slug ?? "");
    case "highlights":
    case "inclusions":
    case "exclusions":
      return listTranslated(source[field], translation[field]);
    case "itinerary":
      return daysTranslated(source.itinerary, translation.itinerary);
    case "faqs":
      return faqsTranslated(source.faqs, translation.faqs);
    case "departure_notes":
      return notesOf(source).every((d) => filled(translation.departure_notes[d.id]));
    case "image_alts":
      return altsOf(source).every((i) => filled(translation.image_alts[i.url]));
    default:
      return filled(translation[field]);
  }
}

export interface Completeness<Field extends string = PackageTranslationField> {
  done: number;
  total: number;
  missing: Field[];
}

/** "German: 8 of 11 fields": the fields with text to translate, and how many are. */
export function packageCompleteness(
  source: TranslationSource,
  translation: PackageTranslation | undefined,
): Completeness {
  const wanted = fieldsToTranslate(source);
  const own = translation ?? emptyPackageTranslation();
  const missing = wanted.filter((field) => !isFieldTranslated(source, own, field));
  return { done: wanted.length - missing.length, total: wanted.length, missing };
}

/**
 * The package as a page in the translation's language shows it: translated fields replace the
 * default language's, the rest stay as they are and are listed in `fallback` (the page marks
 * them with the default language's `lang`). Departure notes and alt texts fall back one by one
 * (`fallbackNotes`, `fallbackAlts`: the departure ids and image URLs left in the default language).
 */
export interface TranslatedPackage {
  pkg: Package;
  fallback: PackageTranslationField[];
  fallbackNotes: string[];
  fallbackAlts: string[];
}

export function translatePackage(pkg: Package, translation: PackageTranslation): TranslatedPackage {
  const fallback = PACKAGE_TRANSLATION_FIELDS.filter(
    (field) =>
      field !== "slug" &&
      field !== "departure_notes" &&
      field !== "image_alts" &&
      fieldsToTranslate(pkg).includes(field) &&
      !isFieldTranslated(pkg, translation, field),
  );
  const chosen = <K extends PackageTranslationField & keyof Package>(field: K): Package[K] =>
    fallback.includes(field) || !fieldsToTranslate(pkg).includes(field)
      ? pkg[field]
      : (translation[field] as Package[K]);
  const itinerary = fallback.includes("itinerary")
    ? pkg.itinerary
    : pkg.itinerary.map((day, i) => ({
        day: day.day ? (translation.itinerary[i]?.day ?? day.day) : "",
        activity: day.activity ? (translation.itinerary[i]?.activity ?? day.activity) : "",
        accommodation: day.accommodation
          ? (translation.itinerary[i]?.accommodation ?? day.accommodation)
          : "",
      }));
  const fallbackNotes: string[] = [];
  const fallbackAlts: string[] = [];
  return {
    pkg: {
      ...pkg,
      slug: translation.slug ?? pkg.slug,
      title: chosen("title"),
      description: chosen("description"),
      highlights: chosen("highlights"),
      inclusions: chosen("inclusions"),
      exclusions: chosen("exclusions"),
      faqs: chosen("faqs"),
      meeting_point: chosen("meeting_point"),
      itinerary,
      departures: pkg.departures.map((d) => {
        if (!d.note) return d;
        const note = translation.departure_notes[d.id];
        if (filled(note)) return { ...d, note: note! };
        fallbackNotes.push(d.id);
        return d;
      }),
      imageDetails: pkg.imageDetails.map((image) => {
        if (!image.alt) return image;
        const alt = translation.image_alts[image.url];
        if (filled(alt)) return { ...image, alt: alt! };
        fallbackAlts.push(image.url);
        return image;
      }),
    },
    fallback,
    fallbackNotes,
    fallbackAlts,
  };
}

// ---------------------------------------------------------------------------------------------
// The translation form: flat field names beside the default language's items, by index.

export type TranslationErrors = Partial<Record<string, string>>;

export type TranslationParse =
  | { ok: true; value: PackageTranslation }
  | { ok: false; errors: TranslationErrors; value: PackageTranslation };

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` could be a slug at all (lookups skip the database for anything else). */
export function isSlug(value: string): boolean {
  return value.length <= 200 && SLUG_PATTERN.test(value);
}

/** German-friendly slugs: "Über" becomes "ueber", not "uber". */
export function translationSlug(title: string, lang: string): string {
  const text =
    lang === "de"
      ? title
          .replace(/Ä/g, "Ae")
          .replace(/Ö/g, "Oe")
          .replace(/Ü/g, "Ue")
          .replace(/ä/g, "ae")
          .replace(/ö/g, "oe")
          .replace(/ü/g, "ue")
          .replace(/ß/g, "ss")
      : title;
  return slugify(text);
}

/**
 * Reads the translation form (`title`, `highlights.0`, `itinerary.2.activity`, `faqs.1.answer`,
 * `departure_notes.{departure id}`, `image_alts.{image index}`) against the source package. Items
 * beyond the source's are ignored (a translation never adds content); too long text is refused
 * with the field's own message. A blank slug is made from the translated title.
 */
export function parsePackageTranslationForm(
  source: TranslationSource,
  lang: string,
  fields: Record<string, string>,
): TranslationParse {
  const errors: TranslationErrors = {};
  const text = (name: string, max: number, label: string): string => {
    const value = stripInvisible(fields[name] ?? "").trim();
    if (value.length > max) errors[name] = `${label} must be at most ${max} characters`;
    return value;
  };
  const title = text("title", LIMITS.title, "The title");
  const description = text("description", LIMITS.longText, "The description");
  const list = (name: "highlights" | "inclusions" | "exclusions") =>
    source[name].map((_, i) => text(`${name}.${i}`, LIMITS.listItem, `Item ${i + 1}`));
  const itinerary = source.itinerary.map((_, i) => ({
    day: text(`itinerary.${i}.day`, LIMITS.shortText, `Day ${i + 1}'s title`),
    activity: text(`itinerary.${i}.activity`, LIMITS.longText, `Day ${i + 1}'s activities`),
    accommodation: text(
      `itinerary.${i}.accommodation`,
      LIMITS.shortText,
      `Day ${i + 1}'s accommodation`,
    ),
  }));
  const faqs = source.faqs.map((_, i) => ({
    question: text(`faqs.${i}.question`, LIMITS.faqQuestion, `Question ${i + 1}`),
    answer: text(`faqs.${i}.answer`, LIMITS.longText, `Answer ${i + 1}`),
  }));
  const meeting_point = text("meeting_point", LIMITS.shortText, "The meeting point");
  const departure_notes: Record<string, string> = {};
  for (const d of notesOf(source)) {
    const note = text(`departure_notes.${d.id}`, LIMITS.shortText, "A departure note");
    if (note) departure_notes[d.id] = note;
  }
  const image_alts: Record<string, string> = {};
  source.imageDetails.forEach((image, i) => {
    if (!image.alt) return;
    const alt = text(`image_alts.${i}`, LIMITS.altText, `Photo ${i + 1}'s alt text`);
    if (alt) image_alts[image.url] = alt;
  });
  const rawSlug = text("slug", 120, "The URL slug").toLowerCase();
  let slug: string | null = rawSlug || (title ? translationSlug(title, lang) : null);
  if (rawSlug && !SLUG_PATTERN.test(rawSlug)) {
    errors.slug =
      "The URL slug may contain only lowercase letters, digits and single hyphens between them, for example “bali-rundreise”";
  }
  if (slug === "") slug = null;
  if (description && !title)
    errors.title = "Please enter the title too: a translation is shown only with both";
  const published = fields[PUBLISH_TRANSLATION_FIELD] === "on";
  if (published && !(title && description) && !errors.title)
    errors[PUBLISH_TRANSLATION_FIELD] = PUBLISH_NEEDS_TITLE_AND_DESCRIPTION;
  const value: PackageTranslation = {
    title,
    slug,
    description,
    highlights: list("highlights"),
    itinerary,
    inclusions: list("inclusions"),
    exclusions: list("exclusions"),
    faqs,
    meeting_point,
    departure_notes,
    image_alts,
    published,
  };
  return Object.keys(errors).length ? { ok: false, errors, value } : { ok: true, value };
}

// ---------------------------------------------------------------------------------------------
// Travel moments.

export interface MomentTranslation {
  title: string;
  description: string;
  thumbnail_alt: string;
}

export const MOMENT_TRANSLATION_FIELDS = ["title", "description", "thumbnail_alt"] as const;
export type MomentTranslationField = (typeof MOMENT_TRANSLATION_FIELDS)[number];

export const MOMENT_TRANSLATION_LABELS: Record<MomentTranslationField, string> = {
  title: "Title",
  description: "Description",
  thumbnail_alt: "Thumbnail alt text",
};

/** The moment's text of a field in the default language ('' when staff left it blank). */
function momentSource(moment: TravelMoment, field: MomentTranslationField): string {
  if (field === "title") return moment.title;
  if (field === "description") return moment.description ?? "";
  return moment.thumbnailAlt ?? "";
}

/** The fields of a moment there is something to translate in: the title, and what staff filled. */
export function momentFieldsToTranslate(moment: TravelMoment): MomentTranslationField[] {
  return MOMENT_TRANSLATION_FIELDS.filter(
    (field) => field === "title" || filled(momentSource(moment, field)),
  );
}

/** "German: 2 of 3 fields" of a moment (its title, and its description and alt text if any). */
export function momentCompleteness(
  moment: TravelMoment,
  translation: MomentTranslation | undefined,
): Completeness<MomentTranslationField> {
  const wanted = momentFieldsToTranslate(moment);
  const missing = wanted.filter((field) => !filled(translation?.[field]));
  return { done: wanted.length - missing.length, total: wanted.length, missing };
}

/** A moment appears in a language once its title is translated there (decision 139). */
export function momentAppearsIn(translation: MomentTranslation | undefined): boolean {
  return filled(translation?.title);
}

/** The rows of a moment's translation form: each field's default text beside its translation. */
export function momentTranslationGroups(
  moment: TravelMoment,
  value: MomentTranslation,
  errors: TranslationErrors = {},
): TranslationGroupView[] {
  return momentFieldsToTranslate(moment).map((field) => ({
    field,
    label: MOMENT_TRANSLATION_LABELS[field],
    translated: filled(value[field]),
    rows: [
      {
        name: field,
        label: MOMENT_TRANSLATION_LABELS[field],
        source: momentSource(moment, field),
        value: value[field],
        multiline: field === "description",
        ...(field === "thumbnail_alt"
          ? { hint: "Describes the thumbnail for people who cannot see it." }
          : {}),
        ...(errors[field] ? { error: errors[field] } : {}),
      },
    ],
  }));
}

/** A moment in a translation's language; its untranslated fields, shown in the default one. */
export function translateMoment(
  moment: TravelMoment,
  translation: MomentTranslation | undefined,
): { moment: TravelMoment; fallback: (typeof MOMENT_TRANSLATION_FIELDS)[number][] } {
  const fallback: (typeof MOMENT_TRANSLATION_FIELDS)[number][] = [];
  const pick = (own: string | undefined, field: (typeof MOMENT_TRANSLATION_FIELDS)[number]) => {
    if (filled(own)) return own!;
    fallback.push(field);
    return undefined;
  };
  const title = pick(translation?.title, "title") ?? moment.title;
  const description = moment.description
    ? (pick(translation?.description, "description") ?? moment.description)
    : moment.description;
  const thumbnailAlt = moment.thumbnailAlt
    ? (pick(translation?.thumbnail_alt, "thumbnail_alt") ?? moment.thumbnailAlt)
    : moment.thumbnailAlt;
  return { moment: { ...moment, title, description, thumbnailAlt }, fallback };
}

// ---------------------------------------------------------------------------------------------
// The staff translation screen: each field's default-language text beside its translation.

export interface TranslationRowView {
  /** The form field's name (see parsePackageTranslationForm). */
  name: string;
  label: string;
  /** The default language's text: the translator's context. */
  source: string;
  value: string;
  multiline: boolean;
  hint?: string;
  error?: string;
}

export interface TranslationGroupView {
  field: PackageTranslationField | MomentTranslationField;
  label: string;
  translated: boolean;
  rows: TranslationRowView[];
}

/** The rows of the translation form, from the source package and the (typed or stored) values. */
export function translationGroups(
  source: TranslationSource,
  value: PackageTranslation,
  errors: TranslationErrors = {},
): TranslationGroupView[] {
  const row = (
    name: string,
    label: string,
    sourceText: string,
    current: string,
    multiline = false,
    hint?: string,
  ): TranslationRowView => ({
    name,
    label,
    source: sourceText,
    value: current,
    multiline,
    ...(hint ? { hint } : {}),
    ...(errors[name] ? { error: errors[name] } : {}),
  });
  const list = (field: "highlights" | "inclusions" | "exclusions", noun: string) =>
    source[field].map((item, i) =>
      row(`${field}.${i}`, `${noun} ${i + 1}`, item, value[field][i] ?? ""),
    );
  const rows: Record<PackageTranslationField, TranslationRowView[]> = {
    title: [row("title", "Title", source.title, value.title)],
    slug: [
      row(
        "slug",
        "URL slug",
        source.slug,
        value.slug ?? "",
        false,
        "Lowercase letters, digits and hyphens. Leave it blank to make it from the title. A changed slug keeps the old address working (it redirects).",
      ),
    ],
    description: [row("description", "Description", source.description, value.description, true)],
    highlights: list("highlights", "Highlight"),
    itinerary: source.itinerary.flatMap((day, i) =>
      (
        [
          ["day", "title"],
          ["activity", "activities"],
          ["accommodation", "accommodation"],
        ] as const
      )
        .filter(([part]) => day[part])
        .map(([part, words]) =>
          row(
            `itinerary.${i}.${part}`,
            `Day ${i + 1}: ${words}`,
            day[part],
            value.itinerary[i]?.[part] ?? "",
            part === "activity",
          ),
        ),
    ),
    inclusions: list("inclusions", "Included"),
    exclusions: list("exclusions", "Not included"),
    faqs: source.faqs.flatMap((faq, i) => [
      row(`faqs.${i}.question`, `Question ${i + 1}`, faq.question, value.faqs[i]?.question ?? ""),
      row(`faqs.${i}.answer`, `Answer ${i + 1}`, faq.answer, value.faqs[i]?.answer ?? "", true),
    ]),
    meeting_point: [
      row("meeting_point", "Meeting point", source.meeting_point, value.meeting_point),
    ],
    departure_notes: notesOf(source).map((d) =>
      row(
        `departure_notes.${d.id}`,
        `Note of the ${d.start_date} departure`,
        d.note ?? "",
        value.departure_notes[d.id] ?? "",
      ),
    ),
    image_alts: source.imageDetails.flatMap((image, i) =>
      image.alt
        ? [row(`image_alts.${i}`, `Photo ${i + 1}`, image.alt, value.image_alts[image.url] ?? "")]
        : [],
    ),
  };
  const wanted = fieldsToTranslate(source);
  return wanted.map((field) => ({
    field,
    label: PACKAGE_TRANSLATION_LABELS[field],
    translated: isFieldTranslated(source, value, field),
    rows: rows[field],
  }));
}

export interface TranslationLanguageLink {
  lang: string;
  name: string;
  href: string;
  current: boolean;
  /** "8 of 11 fields" in that language. */
  done: number;
  total: number;
}

export interface PackageTranslationScreen {
  /** What is translated: a package, or a travel moment (its words differ a little). */
  subject: "package" | "moment";
  kind: string;
  id: string;
  title: string;
  lang: string;
  langName: string;
  defaultLang: string;
  defaultLangName: string;
  /** The form's own URL (it posts to itself). */
  action: string;
  editPath: string;
  languages: TranslationLanguageLink[];
  /** Whether the package appears in this language (published there, title and description translated). */
  appears: boolean;
  /** The form's "Publish in {language}" checkbox (decision 154). */
  published: boolean;
  /** The stored translation is published in this language. */
  storedPublished: boolean;
  /** The stored translation has its title and description (it could appear). */
  ready: boolean;
  /** Why the form's "Publish" was refused. */
  publishError?: string;
  /** Its page in this language, once it appears there and is published. */
  publicPath?: string;
  done: number;
  total: number;
  groups: TranslationGroupView[];
  /** What was refused, in words (the form keeps the typed values). */
  errors: string[];
  /**
   * This admin's save is kept as a pending translation for review, not applied (a role without
   * content.publish on a package whose translation would go live, decision 146).
   */
  reviewed: boolean;
  /**
   * Why this admin may not save here at all, shown up front with no Save button: a travel
   * moment for a role without content.publish (decision 150; moments have no drafts).
   */
  locked?: string;
  /** The pending translation into this language, when there is one (decision 146). */
  pending?: {
    state: "saved" | "in_review" | "sent_back";
    /** Who proposed it (name or e-mail), or null when that admin is gone. */
    by: string | null;
    /** The reviewer's comment, shown to the author. */
    comment: string | null;
    /** The form shows these pending values: this admin proposed them. */
    mine: boolean;
    /** The live translation was saved again after the proposal was made. */
    outdated: boolean;
  };
}

/** "Deutsch: 3 of 11 fields" on a package's admin card, linking to its translation screen. */
export interface TranslationBadge {
  lang: string;
  name: string;
  done: number;
  total: number;
  href: string;
  /**
   * A package's: whether it appears in the language (published there with its title and
   * description, decision 154). Absent on a moment's, which has no such switch.
   */
  published?: boolean;
}
