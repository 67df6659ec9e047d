/**
 * Search engine benchmarks over a given state (the runner passes the large dataset: 10,000 purchase orders,
 * 20,000 customers). The views are trivial so the figures are the engine's own cost (parse, filter, sort,
 * page); the HTTP benchmark measures the full response. The baseline is the cheapest search: the default
 * order over all purchase orders, whose rows already arrive in id order, so no sort runs.
 */
import type { SimState } from '../state';
import { customerAccessors, purchaseOrderAccessors, searchPage, type SearchRequest } from '../search';
import { median, timeRuns } from './timing';

export interface SearchBenchRow {
  name: string;
  medianMs: number;
  /** medianMs over the baseline's, measured in the same run. */
  ratio: number;
  rows: number;
  matched: number;
  target?: string;
}

const RUNS = 30;

async function measure(run: () => { total_records: number }): Promise<{ medianMs: number; matched: number }> {
  let matched = 0;
  const times = await timeRuns(RUNS, () => {
    matched = run().total_records;
  });
  return { medianMs: median(times), matched };
}

export async function benchSearch(state: SimState): Promise<SearchBenchRow[]> {
  const orders = [...state.purchaseOrders.values()];
  const customers = [...state.customers.values()];
  const searchOrders = (request: SearchRequest) =>
    searchPage(orders, request, {
      op: 'searchPurchaseOrders',
      accessors: purchaseOrderAccessors,
      idOf: (po) => po.id,
      view: (po) => po,
    });
  const searchCustomers = (request: SearchRequest) =>
    searchPage(customers, request, {
      op: 'searchCustomers',
      accessors: customerAccessors(state),
      idOf: (customer) => customer.id,
      view: (customer) => customer,
    });

  const baseline = await measure(() => searchOrders({ page_size: 500 }));
  // Every status matches, so the sort runs over all the orders: the worst case for a filtered page.
  const orderPage = await measure(() =>
    searchOrders({
      filter_by: 'status:in:Incomplete|OnOrder|ReceivingInProgress,eta:isnotnull',
      order_by: 'supplier asc,modified_on desc',
      page_size: 500,
    }),
  );
  const lastPage = await measure(() =>
    searchOrders({ order_by: 'created_by_surname desc,eta asc', page_size: 500, page_number: 20 }),
  );
  const customerPage = await measure(() =>
    searchCustomers({
      filter_by: 'full_name:contains:a,loyalty_points_available:isnotnull',
      order_by: 'last_name asc,loyalty_points_available desc',
      page_size: 500,
    }),
  );

  const row = (
    name: string,
    result: { medianMs: number; matched: number },
    rows: number,
    target?: string,
  ) => ({
    name,
    medianMs: result.medianMs,
    ratio: result.medianMs / baseline.medianMs,
    rows,
    matched: result.matched,
    ...(target ? { target } : {}),
  });
  return [
    row('search: 500 purchase orders, default order (baseline)', baseline, orders.length),
    row('search: 500 purchase orders, filter + 2-field order', orderPage, orders.length, 'a few ms'),
    row('search: purchase orders page 20 of 500, 2-field order', lastPage, orders.length),
    row('search: 500 customers, text filter + 2-field order', customerPage, customers.length),
  ];
}
