import { data, Link } from "react-router";
import { log } from "~/server/log.server";
import type { Route } from "./+types/not-found";

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  log("warn", "not found", { status: 404, path: pathname });
  return data({ path: pathname }, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="not-found">
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </main>
  );
}
