import type { ReactNode } from "react";

/** The band at the top of inner pages: the page's one h1 and a short introduction. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-hero">
      <div className="container">
        {eyebrow ? <p className="eyebrow eyebrow-light">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {children ? <div className="page-hero-intro">{children}</div> : null}
      </div>
    </div>
  );
}
