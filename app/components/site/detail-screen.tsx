import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import { siteKindInfo } from "~/domain/site-kinds";
import type { PackageDetailView } from "~/domain/site-views";
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
}: {
  id: string;
  title: string;
  items: string[];
  icon: "check" | "x";
}) {
  if (items.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={`icon-list icon-list-${icon}`}>
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

export function DetailScreen({ pkg }: { pkg: PackageDetailView }) {
  const list = siteKindInfo(pkg.kind).publicList;
  return (
    <article className="detail container">
      {pkg.isDraft ? (
        <p className="draft-banner" role="note">
          <strong>Draft preview</strong> This package is not published. Only signed-in admins can
          see this page.
        </p>
      ) : null}
      <p className="back-link">
        <Link to={list.path}>
          <Icon name="left" size={16} /> {list.heading}
        </Link>
      </p>
      <header className="detail-header">
        {pkg.label ? <p className="badge badge-label static">{pkg.label}</p> : null}
        <h1>{pkg.title}</h1>
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
      <Gallery images={pkg.images} title={pkg.title} />
      {/* The price card comes first so small screens show Book Now before the long read. */}
      <div className="detail-layout">
        <PriceCard pkg={pkg} />
        <div className="detail-main">
          {pkg.description ? (
            <section className="detail-section" aria-labelledby="overview-heading">
              <h2 id="overview-heading">Overview</h2>
              {pkg.description.split(/\n{2,}/).map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </section>
          ) : null}
          <TextList
            id="highlights-heading"
            title="Highlights"
            items={pkg.highlights}
            icon="check"
          />
          <DeparturesTable pkg={pkg} />
          {pkg.meetingPoint ? (
            <section className="detail-section" aria-labelledby="meeting-heading">
              <h2 id="meeting-heading">Meeting Point</h2>
              <p className="meeting-point">
                <Icon name="pin" size={18} />
                <span>{pkg.meetingPoint}</span>
              </p>
            </section>
          ) : null}
          {pkg.itinerary.length ? (
            <section className="detail-section" aria-labelledby="itinerary-heading">
              <h2 id="itinerary-heading">Itinerary</h2>
              <ol className="itinerary">
                {pkg.itinerary.map((day, i) => (
                  <li key={i}>
                    <h3>{day.day || `Day ${i + 1}`}</h3>
                    {day.activity ? <p>{day.activity}</p> : null}
                    {day.accommodation ? (
                      <p className="itinerary-stay">
                        <Icon name="bed" size={16} />
                        <span>
                          <span className="visually-hidden">Accommodation: </span>
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
              title="What's Included"
              items={pkg.inclusions}
              icon="check"
            />
            <TextList
              id="excluded-heading"
              title="What's Not Included"
              items={pkg.exclusions}
              icon="x"
            />
          </div>
          <FaqList faqs={pkg.faqs} />
          <VideoList videos={pkg.videos} title={pkg.title} />
        </div>
      </div>
    </article>
  );
}

export function PackageNotFound() {
  return (
    <div className="container not-found">
      <h1>Package Not Found</h1>
      <p>This package may have ended, or the link may be mistyped.</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </div>
  );
}
