import { Link } from "react-router";
import { kindInfo } from "~/domain/package-kinds";
import { LIMITS } from "~/domain/schemas";
import { getDb } from "~/server/db.server";
import { listPackages } from "~/server/packages.server";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Discover Hidden Corners of the World" }];
}

export async function loader() {
  const trips = await listPackages(getDb(), {
    kind: "trip",
    publishedOnly: true,
    limit: LIMITS.homeSectionSize,
  });
  return { trips };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <h1>Discover Hidden Corners of the World, Travel That Feels Just Right</h1>
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">Upcoming Trips</h2>
        <ul className="card-grid">
          {loaderData.trips.map((trip) => (
            <li key={trip.id}>
              <Link to={kindInfo("trip").detailPath(trip.id)}>{trip.title}</Link>
              <span> {trip.price}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
