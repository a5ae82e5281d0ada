import { Form } from "react-router";
import type { CompanyTextsPanelData } from "~/domain/company-texts";
import "~/styles/admin-translations.css";

/**
 * The company's texts in each language other than the default (decision 150): the top bar's
 * tagline, the footer's about text and the address, each input beside the default language's
 * text. Left blank, a page in that language shows the default language's text. A plain form.
 */
export function CompanyTextsPanel(props: {
  panel: CompanyTextsPanelData;
  /** The typed values of a refused save, by field name. */
  values?: Record<string, string> | undefined;
  error?: string | undefined;
  fieldErrors?: Record<string, string> | undefined;
  pending: boolean;
}) {
  const { panel } = props;
  const errors = props.fieldErrors ?? {};
  return (
    <section className="admin-panel" aria-labelledby="company-texts-heading">
      <h2 id="company-texts-heading">Company texts in other languages</h2>
      <p>
        {`The top bar and footer show these on the pages in each language. Left blank, a page shows the ${panel.defaultLangName} text.`}
      </p>
      <Form method="post" action="/admin/settings" className="admin-form translation-form">
        <input type="hidden" name="intent" value="company-texts" />
        {props.error ? (
          <p className="form-error" role="alert" id="company-texts-error">
            {props.error}
          </p>
        ) : null}
        {panel.languages.map((language) => (
          <fieldset key={language.lang} className="form-section translation-group">
            <legend>{language.name}</legend>
            {language.rows.map((row) => {
              const id = row.name.replace(/\./g, "-");
              const error = errors[row.name];
              const common = {
                id,
                name: row.name,
                lang: language.lang,
                defaultValue: props.values?.[row.name] ?? row.value,
                "aria-describedby": `${id}-source${error ? ` ${id}-error` : ""}`,
                ...(error ? { "aria-invalid": true as const } : {}),
              };
              return (
                <div className="translation-row" key={row.name}>
                  <div className="translation-source">
                    <p className="translation-source-label" aria-hidden="true">
                      {`${row.label} · ${panel.defaultLangName}`}
                    </p>
                    <div
                      id={`${id}-source`}
                      lang={panel.defaultLang}
                      className="translation-source-text"
                    >
                      <span className="visually-hidden">{`${panel.defaultLangName}: `}</span>
                      {row.source}
                    </div>
                  </div>
                  <div className="field translation-input">
                    <label htmlFor={id}>{`${row.label} · ${language.name}`}</label>
                    {row.multiline ? (
                      <textarea rows={3} {...common} />
                    ) : (
                      <input type="text" {...common} />
                    )}
                    {error ? (
                      <p className="field-error" id={`${id}-error`}>
                        {error}
                      </p>
                    ) : null}
                  </div>
                </div>
              );
            })}
          </fieldset>
        ))}
        <button type="submit" className="button button-primary" disabled={props.pending}>
          Save company texts
        </button>
      </Form>
    </section>
  );
}
