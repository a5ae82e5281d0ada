/*
 * A message's variables as a type (decision 127, amended): the names in `{name}`, `{n, number}`
 * and `{count, plural, …}`, not the words of a plural's cases (`one {night}`). `t(key, values)`
 * is typed from them, so leaving out a variable a message uses fails `npm run typecheck` (and so
 * the test command) instead of a page.
 */

type Space = " " | "\n" | "\t";
type TrimEnd<S extends string> = S extends `${infer R}${Space}` ? TrimEnd<R> : S;
type TrimStart<S extends string> = S extends `${Space}${infer R}` ? TrimStart<R> : S;

/** The selectors a plural's cases start with: `one {…}`, `other {…}`, `=0 {…}`. */
type PluralCase = "zero" | "one" | "two" | "few" | "many" | "other" | `=${number}`;

/** Whether the text before a "{" ends with a plural case's selector (so the "{" opens a case). */
type OpensCase<Before extends string> =
  TrimEnd<Before> extends PluralCase | `${string}${Space | "," | "}"}${PluralCase}` ? true : false;

/** The name at the start of a placeholder's body: "count, plural, …" → "count", "name}…" → "name". */
type NameOf<Body extends string> = Body extends `${infer N}}${string}`
  ? N extends `${infer M},${string}`
    ? TrimEnd<TrimStart<M>>
    : TrimEnd<TrimStart<N>>
  : never;

type Walk<S extends string, Before extends string> = S extends `${infer Head}{${infer Tail}`
  ? | (OpensCase<`${Before}${Head}`> extends true ? never : NameOf<Tail>)
    | Walk<Tail, Head extends "" ? `${Before}` : Head>
  : never;

/** The variables a message uses ("Hello {name}," → "name"); never when it uses none. */
export type MessageVariables<Message extends string> = Walk<Message, "">;
