import type { MetaDescriptor } from "react-router";
import type { Seo } from "./site-views";

/** A missing page's title carries the brand: "Page not found · Wanderlux Journeys". */
export function notFoundMeta(siteName: string, what = "Page not found"): MetaDescriptor[] {
  return [
    { title: siteName ? `${what} · ${siteName}` : what },
    { name: "robots", content: "noindex" },
  ];
}

/** Title, description, canonical and Open Graph tags from a page's server-built Seo. */
export function seoMeta(seo: Seo | undefined, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  if (!seo) return [{ title: "Page not found" }];
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: seo.type },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:image", content: seo.image },
    ...seo.languageMeta,
    { name: "twitter:card", content: "summary_large_image" },
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(seo.noindexFollow && !seo.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...extra,
  ];
}
