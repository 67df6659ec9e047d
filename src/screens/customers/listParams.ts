/**
 * What the customer list keeps in the URL (DOM-free, tested in Node): its filters, search and sort, parsed
 * leniently (a hand-edited link never breaks the list), and why an empty list is empty, in words.
 */
import { z } from 'zod';
import {
  CUSTOMER_SORT_KEYS,
  NO_CUSTOMER_FILTERS,
  type CustomerFilters,
  type CustomerSortKey,
  type CustomerSort,
  type Choice,
} from '../../db/customers/customerList';
import type { ListSpec } from '../../components/list/listShell';
import type { Query } from '../../lib/routes';

export interface CustomerListParams {
  filters: CustomerFilters;
  search: string;
  /** null: by name, customers made here first. */
  sort: CustomerSort | null;
}

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const positiveId = z.coerce.number().int().positive();
const yesNo = z.enum(['yes', 'no']);
const ListQuerySchema = z.object({
  type: lenient(positiveId),
  outlet: lenient(positiveId),
  account: lenient(yesNo),
  loyalty: lenient(yesNo),
  q: lenient(z.string()),
  sort: lenient(z.enum(CUSTOMER_SORT_KEYS)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

export function listParamsOf(query: Readonly<Record<string, string>>): CustomerListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    filters: {
      typeId: parsed.type ?? null,
      outletId: parsed.outlet ?? null,
      account: parsed.account ?? null,
      loyalty: parsed.loyalty ?? null,
    },
    search: parsed.q ?? '',
    sort: parsed.sort ? { key: parsed.sort, direction: parsed.dir ?? 'asc' } : null,
  };
}

export function queryOfListParams({ filters, search, sort }: CustomerListParams): Query {
  return {
    type: filters.typeId,
    outlet: filters.outletId,
    account: filters.account,
    loyalty: filters.loyalty,
    q: search,
    sort: sort?.key,
    dir: sort?.direction,
  };
}

/** The list's URL state for the shell (src/components/list/listState.svelte.ts). */
export const customerListSpec: ListSpec<CustomerFilters, CustomerSortKey> = {
  parse: listParamsOf,
  format: queryOfListParams,
  noFilters: NO_CUSTOMER_FILTERS,
};

/** Which filters and search hide every customer, in words: "of type Trade, account customers, matching “bo”". */
export function filtersText(
  { filters, search }: CustomerListParams,
  choices: { types: readonly Choice[]; outlets: readonly Choice[] },
): string {
  const label = (list: readonly Choice[], id: number) =>
    list.find((choice) => choice.value === id)?.label ?? String(id);
  const parts: string[] = [];
  if (filters.typeId !== null) parts.push(`of type ${label(choices.types, filters.typeId)}`);
  if (filters.outletId !== null) parts.push(`with home outlet ${label(choices.outlets, filters.outletId)}`);
  if (filters.account !== null)
    parts.push(filters.account === 'yes' ? 'that are account customers' : 'without an account');
  if (filters.loyalty !== null)
    parts.push(filters.loyalty === 'yes' ? 'in the loyalty program' : 'outside the loyalty program');
  if (search.trim()) parts.push(`matching “${search.trim()}”`);
  return parts.join(', ');
}
