import type { Faq } from "~/domain/schemas";

/** Questions as native disclosures: keyboard and screen-reader friendly, no JavaScript needed. */
export function FaqList({ faqs, title, lang }: { faqs: Faq[]; title: string; lang?: string }) {
  if (faqs.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{title}</h2>
      <div className="faq-list" lang={lang}>
        {faqs.map((faq, i) => (
          <details key={i} className="faq">
            <summary>{faq.question}</summary>
            {faq.answer.split(/\n{2,}/).map((para, j) => (
              <p key={j}>{para}</p>
            ))}
          </details>
        ))}
      </div>
    </section>
  );
}
