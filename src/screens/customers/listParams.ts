/**
 * What the customer list keeps in the URL (DOM-free, tested in Node): its filters, search and sort, parsed
 * leniently by the list shell's `listSpec` (a hand-edited link never breaks the list), and why an empty
 * list is empty, in words. The rows are src/db/customers/customerList.ts's.
 */
import { z } from 'zod';
import { listSpec, narrowedBy, positiveId } from '../../components/list/listQuery';
import type { ListParams } from '../../components/list/listShell';
import {
  CUSTOMER_SORT_KEYS,
  type Choice,
  type CustomerFilters,
  type CustomerSortKey,
} from '../../db/customers/customerList';

/** What the list keeps in the URL. `sort` null: by name, customers made here first. */
export type CustomerListParams = ListParams<CustomerFilters, CustomerSortKey>;

const yesNo = z.enum(['yes', 'no']);

/** The list's URL state for the shell (src/components/list/listState.svelte.ts). */
export const customerListSpec = listSpec<CustomerFilters, CustomerSortKey>(
  {
    typeId: { param: 'type', schema: positiveId },
    outletId: { param: 'outlet', schema: positiveId },
    account: { param: 'account', schema: yesNo },
    loyalty: { param: 'loyalty', schema: yesNo },
  },
  CUSTOMER_SORT_KEYS,
);

/** Which filters and search hide every customer, in words: "of type Trade, account customers, matching “bo”". */
export function filtersText(
  { filters, search }: CustomerListParams,
  choices: { types: readonly Choice[]; outlets: readonly Choice[] },
): string {
  const label = (list: readonly Choice[], id: number) =>
    list.find((choice) => choice.value === id)?.label ?? String(id);
  const { typeId, outletId, account, loyalty } = filters;
  return narrowedBy(
    search,
    typeId !== null && `of type ${label(choices.types, typeId)}`,
    outletId !== null && `with home outlet ${label(choices.outlets, outletId)}`,
    account && (account === 'yes' ? 'that are account customers' : 'without an account'),
    loyalty && (loyalty === 'yes' ? 'in the loyalty program' : 'outside the loyalty program'),
  );
}
