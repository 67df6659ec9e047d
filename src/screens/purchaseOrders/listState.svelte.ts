/**
 * The list's active row, kept at module level so that opening an order and coming "Back to purchase
 * orders" returns to the same row. Filters and search live in the URL (./listQuery.ts `poListSpec`).
 */
export const listPosition = $state<{ activeIndex: number }>({ activeIndex: 0 });
