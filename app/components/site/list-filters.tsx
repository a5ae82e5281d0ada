import { Form, Link, useNavigation, useSubmit } from "react-router";
import {
  DURATION_BANDS,
  PRICE_BANDS,
  SORTS,
  isFiltered,
  listQueryString,
  type ListQuery,
} from "~/domain/catalogue-filters";

interface Option {
  id: string;
  label: string;
}

interface ListFiltersProps {
  path: string;
  query: ListQuery;
  destinations: Option[];
  months: Option[];
  total: number;
  /** "trip" → "3 trips". */
  noun: string;
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
export function ListFilters({ path, query, destinations, months, total, noun }: ListFiltersProps) {
  // Not usePending: this module is in the list skeleton the site layout loads lazily, and the
  // hook's chunk would join that import's preload list on every public page's first load.
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === path;
  const plural = total === 1 ? noun : `${noun}s`;
  return (
    <Form
      method="get"
      action={path}
      className="list-filters"
      aria-label="Filter and sort"
      preventScrollReset
      // A new query shows its first page.
      key={listQueryString({ ...query, page: 1 })}
    >
      <div className="filter-fields">
        <Choice
          name="destination"
          label="Destination"
          value={query.destination}
          any="All destinations"
          options={destinations}
        />
        <Choice name="month" label="Month" value={query.month} any="Any month" options={months} />
        <Choice
          name="price"
          label="Price"
          value={query.price}
          any="Any price"
          options={PRICE_BANDS}
        />
        <Choice
          name="duration"
          label="Duration"
          value={query.duration}
          any="Any length"
          options={DURATION_BANDS}
        />
        <Choice name="sort" label="Sort by" value={query.sort} options={SORTS} />
      </div>
      <div className="filter-actions">
        <p className="filter-count" role="status" aria-busy={busy}>
          {isFiltered(query) ? `${total} ${plural} match` : `${total} ${plural}`}
        </p>
        {isFiltered(query) ? (
          <Link to={path + listQueryString({ sort: query.sort, page: 1 })} preventScrollReset>
            Clear filters
          </Link>
        ) : null}
        <button type="submit" className="btn btn-outline btn-small">
          Apply
        </button>
      </div>
    </Form>
  );
}
