import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { FlashOutlet } from "~/components/ui/flash-outlet";
import { assertSameOrigin } from "~/server/http/same-origin.server";
import { databaseFaultMiddleware } from "~/server/http/db-fault-middleware.server";
import { readFlash } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import type { Route } from "./+types/root";
import "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Every form action and data write passes here first: cross-site writes get 403. The HTTP server
 * refuses them earlier too; this keeps the rule when the app runs behind another server.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }) => assertSameOrigin(request),
  databaseFaultMiddleware,
];

export function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = readFlash(request);
  // <html lang>: the language of the page's URL prefix, else the default one (decision 128).
  const { lang } = pageLanguageOrDefault(servicesFrom(context).site, request.url);
  return data({ flash: toast, lang }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Marks the document once React runs (the JS loads after the first paint: decision 062).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={rootData?.lang ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d3e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <FlashOutlet flash={rootData?.flash ?? null} />
        {/* The CSP nonce comes from <ServerRouter nonce> in entry.server.tsx. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const ERROR_TEXTS: Record<number, { title: string; text: string }> = {
  403: { title: "403", text: "Request refused." },
  404: { title: "404", text: "Oops! Page not found" },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = ERROR_TEXTS[status];
  // A role's refusal (decision 125) says in words which permission the role lacks. The admin
  // guard runs in the admin layout's middleware, before any admin screen has data: it shows here.
  const reason = status === 403 && (error as { data?: unknown }).data;
  return (
    <main className="error-page" id="main">
      <h1>{known?.title ?? "Something went wrong"}</h1>
      <p>
        {typeof reason === "string"
          ? reason
          : (known?.text ?? "We could not load this page. Please try again in a moment.")}
      </p>
      <a href="/">Return to Home</a>
    </main>
  );
}
