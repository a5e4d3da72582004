import { type NavigateOptions, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

/**
 * The query parameters a page reads, as a zod object of string fields. Give each field a catch (or make it
 * optional) so that a hand-edited address falls back to a default instead of throwing. Pages build it with
 * `zod/mini`, a few kilobytes where the whole of zod is over twenty (gzip); a `zod` schema works as well.
 */
export type SearchParamsSchema = z.core.$ZodType<Record<string, string | undefined>>;

/** The values of `search` (`?a=1&b=2`, or a URLSearchParams) read through `schema`. */
export function parseSearchParams<S extends SearchParamsSchema>(
  schema: S,
  search: string | URLSearchParams,
): z.output<S> {
  return z.parse(schema, Object.fromEntries(new URLSearchParams(search)));
}

/**
 * The page's query parameters, typed by `schema`, and a function that changes some of them (undefined removes
 * one; the others stay) by navigating to the same path with the new query.
 */
export function useTypedSearchParams<S extends SearchParamsSchema>(
  schema: S,
): [
  z.output<S>,
  (changes: Partial<Record<keyof z.output<S>, string | undefined>>, options?: NavigateOptions) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = (changes: Partial<Record<keyof z.output<S>, string | undefined>>, options?: NavigateOptions) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(name);
        else next.set(name, value as string);
      }
      return next;
    }, options);
  return [parseSearchParams(schema, searchParams), set];
}
