import { isRouteErrorResponse, Link } from "react-router";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";

interface ErrorText {
  heading: string;
  text: string;
}

/** Per-status screens (after the Epic Stack's GeneralErrorBoundary), inside the admin shell. */
const STATUS_TEXTS: Record<number, (detail: string | undefined) => ErrorText> = {
  400: (detail) => ({
    heading: "Bad request",
    text: detail ?? "This request could not be understood.",
  }),
  // A role's refusal names the role and what it lacks (decision 125).
  403: (detail) => ({
    heading: "Not allowed",
    text: detail ? `${detail}.` : "This request was refused.",
  }),
  404: (detail) => ({
    heading: "Not found",
    text: detail
      ? `${detail}. It may have been deleted, or the address may be mistyped.`
      : "There is no admin page at this address.",
  }),
};

function describe(error: unknown): { status: number; text: ErrorText } {
  if (isRouteErrorResponse(error)) {
    const detail =
      typeof error.data === "string" && error.data && error.data !== "Not Found"
        ? error.data.replace(/\.$/, "")
        : undefined;
    const known = STATUS_TEXTS[error.status];
    if (known) return { status: error.status, text: known(detail) };
    return {
      status: error.status,
      text: { heading: "Something went wrong", text: error.statusText || "Please try again." },
    };
  }
  return {
    status: 500,
    text: {
      heading: "Something went wrong",
      text: "This page could not be shown. Please try again in a moment.",
    },
  };
}

/** The body of an admin error: status, what happened, and a way back to work. */
export function AdminErrorScreen({ error }: { error: unknown }) {
  const { status, text } = describe(error);
  return (
    <section className="admin-error" aria-labelledby="admin-error-heading">
      <p className="admin-error-status">{status}</p>
      <h1 id="admin-error-heading">{text.heading}</h1>
      <p>{text.text}</p>
      <p>
        <Link className="button button-primary" to={PACKAGE_KIND_INFO.trip.admin.listPath}>
          Back to packages
        </Link>
      </p>
    </section>
  );
}
