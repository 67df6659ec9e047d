/**
 * A screen's state that lives in the URL's query (a list's filters, search and sort): a reload, Back from a
 * record, or a copied link shows the same list. Call during component initialisation (it uses $effect).
 *
 * `parse` turns the query into state (it must accept anything: the URL is user input) and `format` turns
 * state back into a query. The returned object is deep $state, so fields bind straight into form controls;
 * every change replaces the current history entry, and a query changed from outside (Back, a link) flows in.
 */
import { untrack } from 'svelte';
import { router } from './router.svelte';
import { formatRoute, type Query } from './routes';

export function queryState<T extends object>(
  query: () => Readonly<Record<string, string>>,
  parse: (query: Readonly<Record<string, string>>) => T,
  format: (state: T) => Query,
): { value: T } {
  const holder = $state({ value: parse(untrack(query)) });
  const spelling = (state: T) => formatRoute('', [], format(state));

  // URL → state: only when the URL says something else than the state already does (Back, a link).
  $effect(() => {
    const next = parse(query());
    untrack(() => {
      if (spelling(next) !== spelling(holder.value)) holder.value = next;
    });
  });

  // State → URL.
  $effect(() => {
    const wanted = format(holder.value);
    untrack(() => {
      if (formatRoute('', [], wanted) !== formatRoute('', [], router.route.query)) router.setQuery(wanted);
    });
  });

  return holder;
}
