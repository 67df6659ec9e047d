/**
 * For tests of the comparison list's "Export CSV" (./listColumns.ts; the unit, component and end-to-end
 * tests): the columns before the spend, written out by hand as a buyer's spreadsheet expects them, so every
 * test compares the file against one list and none against the declarations themselves. One spend column
 * per currency follows them, `Spend (AUD)`.
 */
export const FIGURE_HEADERS = [
  'Supplier',
  'Orders',
  'Fill rate (%)',
  'On time (%)',
  'Short (orders)',
  'Short (units)',
  'Over (orders)',
  'Over (units)',
  'Faulty (%)',
  'Lead time (days)',
  'Stated lead time (days)',
];

/**
 * For tests of which scorecard reads hold the pull back (./scorecardRuns.ts): a `holdRead` hook that counts
 * the holds taken and those not yet let go.
 */
export function countedHolds() {
  let holds = 0;
  let held = 0;
  return {
    holdRead: () => {
      holds++;
      held++;
      let released = false;
      return () => {
        if (!released) held--;
        released = true;
      };
    },
    holds: () => holds,
    held: () => held,
  };
}
