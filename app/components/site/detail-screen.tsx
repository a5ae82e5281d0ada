import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { DetailNotFoundText, DetailText, PackageDetailView } from "~/domain/site-views";
import { DeparturesTable } from "./departures-table";
import { FaqList } from "./faq-list";
import { Gallery } from "./gallery";
import { PriceCard } from "./price-card";
import { Rating } from "./rating";
import { VideoList } from "./video-list";

function TextList({
  id,
  title,
  items,
  icon,
  lang,
}: {
  id: string;
  title: string;
  items: string[];
  icon: "check" | "x";
  /** The items' language when they fall back to the default one (decision 139). */
  lang?: string;
}) {
  if (items.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={`icon-list icon-list-${icon}`} lang={lang}>
        {items.map((item, i) => (
          <li key={i}>
            <Icon name={icon} size={18} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `text` is the page's words in its language, finished by the loader (decision 127). */
export function DetailScreen({ pkg, text }: { pkg: PackageDetailView; text: DetailText }) {
  // A field still in the default language on another language's page carries that `lang`.
  const langOf = (field: string) => (pkg.fallback?.includes(field) ? pkg.fallbackLang : undefined);
  return (
    <article className="detail container">
      {pkg.isDraft ? (
        <p className="draft-banner" role="note">
          <strong>{text.draft}</strong> {text.draftText}
        </p>
      ) : null}
      <p className="back-link">
        <Link to={text.backTo.to}>
          <Icon name="left" size={16} /> {text.backTo.label}
        </Link>
      </p>
      <header className="detail-header">
        {pkg.label ? <p className="badge badge-label static">{pkg.label}</p> : null}
        <h1 lang={langOf("title")}>{pkg.title}</h1>
        <div className="detail-meta">
          {pkg.location ? (
            <span>
              <Icon name="pin" size={16} />
              {pkg.location}
            </span>
          ) : null}
          {pkg.duration ? (
            <span>
              <Icon name="clock" size={16} />
              {pkg.duration}
            </span>
          ) : null}
          <Rating rating={pkg.rating} />
        </div>
      </header>
      <Gallery images={pkg.images} text={text.gallery} />
      {/* The price card comes first so small screens show Book Now before the long read. */}
      <div className="detail-layout">
        <PriceCard pkg={pkg} text={text.priceCard} />
        <div className="detail-main">
          {pkg.description ? (
            <section className="detail-section" aria-labelledby="overview-heading">
              <h2 id="overview-heading">{text.overview}</h2>
              {pkg.description.split(/\n{2,}/).map((para, i) => (
                <p key={i} lang={langOf("description")}>
                  {para}
                </p>
              ))}
            </section>
          ) : null}
          <TextList
            id="highlights-heading"
            title={text.highlights}
            items={pkg.highlights}
            icon="check"
            lang={langOf("highlights")}
          />
          <DeparturesTable pkg={pkg} text={text.dates} />
          {pkg.meetingPoint ? (
            <section className="detail-section" aria-labelledby="meeting-heading">
              <h2 id="meeting-heading">{text.meetingPoint}</h2>
              <p className="meeting-point">
                <Icon name="pin" size={18} />
                <span lang={langOf("meeting_point")}>{pkg.meetingPoint}</span>
              </p>
            </section>
          ) : null}
          {pkg.itinerary.length ? (
            <section className="detail-section" aria-labelledby="itinerary-heading">
              <h2 id="itinerary-heading">{text.itinerary}</h2>
              <ol className="itinerary" lang={langOf("itinerary")}>
                {pkg.itinerary.map((day, i) => (
                  <li key={i}>
                    <h3>{day.day || text.day.replace("{n}", String(i + 1))}</h3>
                    {day.activity ? <p>{day.activity}</p> : null}
                    {day.accommodation ? (
                      <p className="itinerary-stay">
                        <Icon name="bed" size={16} />
                        <span>
                          <span className="visually-hidden">{text.accommodation}</span>
                          {day.accommodation}
                        </span>
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <div className="inclusion-columns">
            <TextList
              id="included-heading"
              title={text.included}
              items={pkg.inclusions}
              icon="check"
              lang={langOf("inclusions")}
            />
            <TextList
              id="excluded-heading"
              title={text.notIncluded}
              items={pkg.exclusions}
              icon="x"
              lang={langOf("exclusions")}
            />
          </div>
          <FaqList faqs={pkg.faqs} title={text.faq} lang={langOf("faqs")} />
          <VideoList
            videos={pkg.videos}
            heading={text.videos}
            swipeHint={text.swipeVideos}
            text={text.video}
          />
        </div>
      </div>
    </article>
  );
}

export function PackageNotFound({ text }: { text: DetailNotFoundText }) {
  return (
    <div className="container not-found">
      <h1>{text.title}</h1>
      <p>{text.text}</p>
      <Link to={text.homePath} className="btn btn-primary">
        {text.home}
      </Link>
    </div>
  );
}
