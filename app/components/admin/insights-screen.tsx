import type { BookingInsights } from "~/domain/booking-insights";
import type { Insights } from "~/server/leads/insights.server";
import { WeeklyInsights } from "./weekly-insights";

const W = 720;
const H = 260;
const PAD = { top: 16, right: 12, bottom: 36, left: 36 };

const shortDay = (day: string) => {
  const [, m, d] = day.split("-");
  const months = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ];
  return `${Number(d)} ${months[Number(m) - 1]}`;
};

/**
 * Bars per day, drawn on the server: Book Now clicks and new enquiries side by side. Readable
 * without JavaScript; the same numbers follow in a table for screen readers.
 */
export function InsightsChart({ days }: { days: Insights["days"] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.clicks, d.enquiries)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const bar = Math.max(2, slot / 2 - 2);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  return (
    <svg
      className="insights-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby="insights-chart-title"
    >
      <title id="insights-chart-title">
        {`Book Now clicks and new enquiries per day over the last ${days.length} days (the table below has the numbers)`}
      </title>
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
      <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} className="grid" />
      <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="tick">
        {max}
      </text>
      <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="tick">
        0
      </text>
      {days.map((d, i) => {
        const x = PAD.left + i * slot + 1;
        return (
          <g key={d.day}>
            <rect
              x={x}
              y={y(d.clicks)}
              width={bar}
              height={y(0) - y(d.clicks)}
              className="bar-clicks"
            />
            <rect
              x={x + bar + 1}
              y={y(d.enquiries)}
              width={bar}
              height={y(0) - y(d.enquiries)}
              className="bar-enquiries"
            />
            {i % 5 === 0 || i === days.length - 1 ? (
              <text x={x + bar} y={H - PAD.bottom + 18} textAnchor="middle" className="tick">
                {shortDay(d.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

export function InsightsScreen({
  insights,
  weekly,
}: {
  insights: Insights;
  /** Bookings and revenue per week (decision 144). */
  weekly: BookingInsights;
}) {
  const { days, top } = insights;
  return (
    <section className="admin-section" aria-labelledby="insights-heading">
      <header className="admin-section-header">
        <h1 id="insights-heading">Insights</h1>
      </header>
      <p>
        {`Last ${days.length} days: ${insights.totalClicks} Book Now click${insights.totalClicks === 1 ? "" : "s"}, ${insights.totalEnquiries} new ${insights.totalEnquiries === 1 ? "enquiry" : "enquiries"}. Clicks by people only (not crawlers or prefetches); nothing about the visitor is kept.`}
      </p>
      <section className="admin-panel" aria-labelledby="per-day-heading">
        <h2 id="per-day-heading">Per day</h2>
        <p className="insights-legend" aria-hidden="true">
          <span className="key key-clicks" /> Book Now clicks <span className="key key-enquiries" />{" "}
          New enquiries
        </p>
        <InsightsChart days={days} />
        {/* A wrapper, not the table, is hidden: a table ignores the 1px box and widens the page. */}
        <div className="visually-hidden">
          <table>
            <caption>Book Now clicks and new enquiries per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Book Now clicks</th>
                <th scope="col">New enquiries</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.clicks}</td>
                  <td>{d.enquiries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="admin-panel" aria-labelledby="top-heading">
        <h2 id="top-heading">Top packages by Book Now clicks</h2>
        {top.length === 0 ? (
          <p className="admin-empty">{`No Book Now clicks in the last ${days.length} days.`}</p>
        ) : (
          <table className="inbox-table">
            <caption className="visually-hidden">Packages by Book Now clicks, most first</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {top.map((t) => (
                <tr key={t.label}>
                  <td>{t.href ? <a href={t.href}>{t.label}</a> : t.label}</td>
                  <td>{t.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <WeeklyInsights insights={weekly} />
    </section>
  );
}
