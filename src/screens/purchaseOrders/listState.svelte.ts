/**
 * The list's filters, search and active row, kept at module level so that opening an order and coming
 * "Back to purchase orders" returns to the same filtered list at the same row.
 */
import { NO_FILTERS, type PoFilters } from './listQuery';

export const listState = $state<{ filters: PoFilters; search: string; activeIndex: number }>({
  filters: { ...NO_FILTERS },
  search: '',
  activeIndex: 0,
});
