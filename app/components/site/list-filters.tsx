import { Form, Link, useNavigation, useSubmit } from "react-router";
import { isFiltered, listQueryString, type ListQuery } from "~/domain/catalogue-filters";
import type { ListText } from "~/domain/site-views";

interface Option {
  id: string;
  label: string;
}

interface ListFiltersProps {
  path: string;
  query: ListQuery;
  destinations: Option[];
  months: Option[];
  /** The words, the count ("3 trips match") and the bands' and sorts' labels, finished. */
  text: ListText;
}

function Choice({
  name,
  label,
  value,
  any,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  any?: string;
  options: readonly Option[];
}) {
  const submit = useSubmit();
  const id = `filter-${name}`;
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        // With JavaScript the list updates as soon as a choice changes; without it, Apply posts.
        onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A GET form of the list's filters and sort: works without JavaScript (Apply), and
 * with it updates the list in place. The result count is announced when it changes.
 */
export function ListFilters({ path, query, destinations, months, text }: ListFiltersProps) {
  // Not usePending: this module is in the list skeleton the site layout loads lazily, and the
  // hook's chunk would join that import's preload list on every public page's first load.
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === path;
  return (
    <Form
      method="get"
      action={path}
      className="list-filters"
      aria-label={text.filters}
      preventScrollReset
      // A new query shows its first page.
      key={listQueryString({ ...query, page: 1 })}
    >
      <div className="filter-fields">
        <Choice
          name="destination"
          label={text.destination}
          value={query.destination}
          any={text.allDestinations}
          options={destinations}
        />
        <Choice
          name="month"
          label={text.month}
          value={query.month}
          any={text.anyMonth}
          options={months}
        />
        <Choice
          name="price"
          label={text.price}
          value={query.price}
          any={text.anyPrice}
          options={text.prices}
        />
        <Choice
          name="duration"
          label={text.duration}
          value={query.duration}
          any={text.anyLength}
          options={text.durations}
        />
        <Choice name="sort" label={text.sortBy} value={query.sort} options={text.sorts} />
      </div>
      <div className="filter-actions">
        <p className="filter-count" role="status" aria-busy={busy}>
          {text.count}
        </p>
        {isFiltered(query) ? (
          <Link to={path + listQueryString({ sort: query.sort, page: 1 })} preventScrollReset>
            {text.clear}
          </Link>
        ) : null}
        <button type="submit" className="btn btn-outline btn-small">
          {text.apply}
        </button>
      </div>
    </Form>
  );
}
