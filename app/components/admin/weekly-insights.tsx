import { weekSpan, type BookingInsights } from "~/domain/booking-insights";
import { formatMoney } from "~/domain/money";

const W = 720;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 84 };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shortDay = (day: string) => {
  const [, m, d] = day.split("-");
  return `${Number(d)} ${MONTHS[Number(m) - 1]}`;
};

interface Series {
  label: string;
  className: string;
  values: number[];
}

/**
 * Bars per week drawn on the server, side by side for each series; negative values (a week with
 * more refunded than received) hang below the zero line. The numbers follow in a table.
 */
function WeeklyBars(props: {
  id: string;
  title: string;
  weeks: string[];
  series: Series[];
  tick: (value: number) => string;
}) {
  const { weeks, series } = props;
  const all = series.flatMap((s) => s.values);
  const max = Math.max(1, ...all);
  const min = Math.min(0, ...all);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / weeks.length;
  const bar = Math.max(2, (slot - 6) / series.length);
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * plotH;
  return (
    <svg
      className="insights-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${props.id}-title`}
    >
      <title id={`${props.id}-title`}>{props.title}</title>
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
      <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} className="grid" />
      <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="tick">
        {props.tick(max)}
      </text>
      <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="tick">
        {props.tick(0)}
      </text>
      {min < 0 ? (
        <text x={PAD.left - 6} y={y(min) + 4} textAnchor="end" className="tick">
          {props.tick(min)}
        </text>
      ) : null}
      {weeks.map((week, i) => {
        const x = PAD.left + i * slot + 3;
        return (
          <g key={week}>
            {series.map((s, k) => {
              const v = s.values[i] ?? 0;
              return (
                <rect
                  key={s.label}
                  x={x + k * bar}
                  y={y(Math.max(v, 0))}
                  width={Math.max(1, bar - 1)}
                  height={Math.abs(y(v) - y(0))}
                  className={s.className}
                />
              );
            })}
            {/* Every other week, always the last: this week is the one read first. */}
            {(weeks.length - 1 - i) % 2 === 0 ? (
              <text
                x={x + slot / 2 - 3}
                y={H - PAD.bottom + 18}
                textAnchor="middle"
                className="tick"
              >
                {shortDay(week)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** /admin/insights' weekly panels (decision 144): bookings made, and money received per currency. */
export function WeeklyInsights({ insights }: { insights: BookingInsights }) {
  const { bookings, revenue } = insights;
  const weeks = bookings.map((b) => b.week);
  const count = weeks.length;
  return (
    <>
      <section className="admin-panel" aria-labelledby="bookings-week-heading">
        <h2 id="bookings-week-heading">Bookings per week</h2>
        <p>
          {`Last ${count} weeks (Monday to Sunday): ${insights.totalMade} ${insights.totalMade === 1 ? "booking" : "bookings"} made, ${insights.totalCancelled} of them cancelled or expired since. Waiting-list places are not counted.`}
        </p>
        <p className="insights-legend" aria-hidden="true">
          <span className="key key-bookings" /> Bookings made <span className="key key-cancelled" />{" "}
          Of them cancelled or expired
        </p>
        <WeeklyBars
          id="bookings-week-chart"
          title={`Bookings made per week over the last ${count} weeks, and how many of them were cancelled or expired (the table below has the numbers)`}
          weeks={weeks}
          series={[
            { label: "made", className: "bar-bookings", values: bookings.map((b) => b.made) },
            {
              label: "cancelled",
              className: "bar-cancelled",
              values: bookings.map((b) => b.cancelled),
            },
          ]}
          tick={String}
        />
        <div className="visually-hidden">
          <table>
            <caption>Bookings made per week</caption>
            <thead>
              <tr>
                <th scope="col">Week</th>
                <th scope="col">Bookings made</th>
                <th scope="col">Of them cancelled or expired</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.week}>
                  <th scope="row">{weekSpan(b.week)}</th>
                  <td>{b.made}</td>
                  <td>{b.cancelled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="admin-panel" aria-labelledby="revenue-week-heading">
        <h2 id="revenue-week-heading">Revenue per week</h2>
        <p>
          Payments received (card and recorded by staff) minus refunds, by the week the money moved.
          Each currency has its own chart: amounts in different currencies are never added.
        </p>
        {revenue.length === 0 ? (
          <p className="admin-empty">{`No payments or refunds in the last ${count} weeks.`}</p>
        ) : (
          revenue.map((series) => (
            <div key={series.currency} className="insights-currency">
              <h3>{`${series.currency}: ${formatMoney(series.total, series.currency)} in ${count} weeks`}</h3>
              <WeeklyBars
                id={`revenue-${series.currency.toLowerCase()}-chart`}
                title={`Revenue in ${series.currency} per week over the last ${count} weeks, payments less refunds (the table below has the numbers)`}
                weeks={weeks}
                series={[
                  {
                    label: series.currency,
                    className: "bar-revenue",
                    values: series.weeks.map((w) => w.amount),
                  },
                ]}
                tick={(v) => formatMoney(v, series.currency)}
              />
              <div className="visually-hidden">
                <table>
                  <caption>{`Revenue in ${series.currency} per week`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Week</th>
                      <th scope="col">{`Revenue (${series.currency})`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {series.weeks.map((w) => (
                      <tr key={w.week}>
                        <th scope="row">{weekSpan(w.week)}</th>
                        <td>{formatMoney(w.amount, series.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))
        )}
      </section>
    </>
  );
}
