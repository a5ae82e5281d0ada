import { data } from "react-router";

/** Any /admin/* URL no screen serves: a 404 inside the admin shell (the layout's ErrorBoundary). */
export function loader() {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}

export function meta() {
  return [{ title: "Not found · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminNotFound() {
  return null;
}
