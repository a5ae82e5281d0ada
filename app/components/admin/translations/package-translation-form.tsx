import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PROPOSAL_STATE_LABELS } from "~/domain/proposals";
import type { PackageTranslationScreen, TranslationRowView } from "~/domain/translations";
import { showToast } from "../flash-messages";
import "~/styles/admin-form.css";
import "~/styles/admin-translations.css";

/**
 * The translation screen of a package (decision 139): language links (plain links), how much is
 * done, and for every field the default language's text beside the translation's input, so a
 * translator always sees what they translate. A plain form: it works without JavaScript.
 */
export function PackageTranslationForm({ screen }: { screen: PackageTranslationScreen }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const { pending, reviewed, locked } = screen;
  const moment = screen.subject === "moment";
  useEffect(() => {
    if (screen.errors.length)
      showToast(
        "error",
        locked
          ? "The translation was not saved: your role cannot change a travel moment."
          : "The translation was not saved: see the fields marked below.",
      );
  }, [screen.errors, locked]);
  const site = moment ? `${screen.langName} home page` : `${screen.langName} site`;
  return (
    <section className="admin-section translation-screen" aria-labelledby="translation-heading">
      <header className="admin-section-header">
        <h1 id="translation-heading">
          Translate <span lang={screen.defaultLang}>“{screen.title}”</span>
        </h1>
      </header>
      <nav className="translation-languages" aria-label="Languages">
        <ul>
          <li>
            <Link to={screen.editPath}>
              {screen.defaultLangName} <span className="translation-count">(default: edit)</span>
            </Link>
          </li>
          {screen.languages.map((l) => (
            <li key={l.lang}>
              <Link to={l.href} aria-current={l.current ? "page" : undefined} hrefLang={l.lang}>
                {l.name}{" "}
                <span className="translation-count">
                  {l.done} of {l.total} fields
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="translation-status" role="status">
        {screen.langName}: {screen.done} of {screen.total} fields translated.{" "}
        {screen.appears ? (
          screen.publicPath ? (
            <>
              {`It appears on the ${site}: `}
              <a href={screen.publicPath}>{moment ? "see the page" : "see its page"}</a>.
            </>
          ) : (
            <>
              {moment
                ? `It will appear on the ${site} once the video is shown on the home page.`
                : `It will appear on the ${site} once it is published.`}
            </>
          )
        ) : !moment && screen.ready && !screen.storedPublished ? (
          <>
            {`It is not published in ${screen.langName}: the ${site} does not show it. `}
            {`Tick “Publish in ${screen.langName}” and save to show it.`}
          </>
        ) : (
          <>
            {moment
              ? `It appears on the ${site} once its title is translated. `
              : `It appears on the ${site} once its title and description are translated and it is published in ${screen.langName}. `}
            {`Fields left blank show the ${screen.defaultLangName} text.`}
          </>
        )}
      </p>
      {reviewed || pending ? <TranslationReviewNotice screen={screen} /> : null}
      {locked && !screen.errors.length ? (
        // Said before anyone types: a role without content.publish cannot save a moment's
        // translation (decision 150).
        <section
          className="proposal-notice"
          aria-labelledby="translation-locked-heading"
          id="translation-locked"
        >
          <h2 id="translation-locked-heading" className="translation-review-heading">
            Only an Editor can save this translation
          </h2>
          <p>{locked}</p>
        </section>
      ) : null}
      {screen.errors.length ? (
        <div className="form-error" role="alert" id="translation-errors">
          <p className="form-error-title">The translation was not saved:</p>
          {screen.errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" action={screen.action} className="package-form translation-form">
        {screen.groups.map((group) => (
          <fieldset key={group.field} className="form-section translation-group">
            <legend>
              {group.label}{" "}
              <span className={group.translated ? "translation-done" : "translation-missing"}>
                {group.translated ? "translated" : "missing"}
              </span>
            </legend>
            {group.rows.map((row) => (
              <TranslationRow
                key={row.name}
                row={row}
                lang={screen.lang}
                langName={screen.langName}
                defaultLang={screen.defaultLang}
                defaultLangName={screen.defaultLangName}
                readOnly={Boolean(locked)}
              />
            ))}
          </fieldset>
        ))}
        {moment ? null : (
          <fieldset className="form-section translation-group translation-publish">
            <legend>Publishing</legend>
            <div className="field field-checkbox">
              <label htmlFor="tr-published">
                <input
                  id="tr-published"
                  name="published"
                  type="checkbox"
                  value="on"
                  defaultChecked={screen.published}
                  disabled={Boolean(locked)}
                  aria-describedby={
                    screen.publishError
                      ? "tr-published-hint tr-published-error"
                      : "tr-published-hint"
                  }
                  {...(screen.publishError ? { "aria-invalid": true as const } : {})}
                />
                {`Publish in ${screen.langName}`}
              </label>
            </div>
            <p id="tr-published-hint" className="field-hint">
              {`Shown on the ${site} while the package is published and its title and description are translated. Untick to keep the ${screen.langName} text as a draft.`}
            </p>
            {screen.publishError ? (
              <p id="tr-published-error" className="field-error">
                {screen.publishError}
              </p>
            ) : null}
          </fieldset>
        )}
        <div className="form-actions">
          {locked ? null : (
            <button type="submit" className="button" disabled={saving}>
              {saving
                ? "Saving…"
                : reviewed
                  ? `Save my ${screen.langName} changes`
                  : `Save ${screen.langName} translation`}
            </button>
          )}
          {reviewed ? (
            <button
              type="submit"
              name="intent"
              value="submit-for-review"
              className="button button-primary"
              disabled={saving}
            >
              Submit for review
            </button>
          ) : null}
          {pending?.mine ? (
            <button
              type="submit"
              name="intent"
              value="discard-changes"
              formNoValidate
              className="button button-secondary"
              disabled={saving}
            >
              Discard my changes
            </button>
          ) : null}
          <Link to={screen.editPath} className="button button-secondary">
            {`Back to the ${screen.defaultLangName} ${moment ? "video" : "form"}`}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function TranslationRow({
  row,
  lang,
  langName,
  defaultLang,
  defaultLangName,
  readOnly,
}: {
  row: TranslationRowView;
  lang: string;
  langName: string;
  defaultLang: string;
  defaultLangName: string;
  /** Shown, not editable: the admin may not save this translation (decision 150). */
  readOnly: boolean;
}) {
  const id = `tr-${row.name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  const sourceId = `${id}-source`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [sourceId, row.hint ? hintId : "", row.error ? errorId : ""]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: row.name,
    defaultValue: row.value,
    lang,
    readOnly,
    "aria-describedby": describedBy,
    ...(row.error ? { "aria-invalid": true as const } : {}),
  };
  return (
    <div className="translation-row">
      <div className="translation-source">
        <p className="translation-source-label" aria-hidden="true">
          {row.label} · {defaultLangName}
        </p>
        <div id={sourceId} lang={defaultLang} className="translation-source-text">
          <span className="visually-hidden">{defaultLangName}: </span>
          {row.source}
        </div>
      </div>
      <div className="field translation-input">
        <label htmlFor={id}>
          {row.label} · {langName}
        </label>
        {row.multiline ? <textarea rows={5} {...common} /> : <input type="text" {...common} />}
        {row.hint ? (
          <p id={hintId} className="field-hint">
            {row.hint}
          </p>
        ) : null}
        {row.error ? (
          <p id={errorId} className="field-error">
            {row.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The pending translation's state (decision 146): its author sees that the form shows their
 * changes, the state and the reviewer's comment; a publisher sees that a proposal waits on the
 * review queue while their own save goes live at once.
 */
function TranslationReviewNotice({ screen }: { screen: PackageTranslationScreen }) {
  const { pending, reviewed, langName } = screen;
  return (
    <section
      className="proposal-notice"
      aria-labelledby="translation-review-heading"
      id="translation-review"
    >
      <h2 id="translation-review-heading" className="translation-review-heading">
        {pending
          ? PROPOSAL_STATE_LABELS[pending.state]
          : `Your ${langName} changes are reviewed before they go live`}
      </h2>
      {pending?.mine ? (
        <p>
          {`This form shows your proposed ${langName} changes. The live ${langName} translation stays until an Editor approves them; Save keeps them, Submit for review asks for approval.`}
        </p>
      ) : reviewed ? (
        <p>
          {`This package is on the website (or scheduled to be). What you save here is kept as your proposal: the live ${langName} translation stays until an Editor approves it. Submit for review when it is ready.`}
          {pending
            ? ` ${pending.by ?? "A former admin"} has changes to this translation waiting; saving yours replaces them.`
            : ""}
        </p>
      ) : pending ? (
        <p>
          {`${pending.by ?? "A former admin"} proposed changes to this ${langName} translation. What you save here goes live at once; the proposal waits `}
          {pending.state === "in_review" ? (
            <>
              on the <Link to="/admin/review">review queue</Link>.
            </>
          ) : (
            "for its author (not submitted for review)."
          )}
        </p>
      ) : null}
      {pending?.outdated ? (
        <p>
          {`The live ${langName} translation was saved again after these changes were proposed: approving them replaces that newer text.`}
        </p>
      ) : null}
      {pending?.comment ? (
        <>
          <p>Sent back with this comment:</p>
          <blockquote>{pending.comment}</blockquote>
        </>
      ) : null}
    </section>
  );
}
