/**
 * Where a completed receipt's report lives: `#/receiving/report/<invoice id>` (negative, numbered on this
 * PC, until the server numbers the invoice; either opens it). Screens link to it through these only.
 */
import { href, idPart, type Route } from '../../../lib/routes';

export const REPORT_PART = 'report';

export function receiptReportPath(invoiceId: number): string {
  return href('receiving', REPORT_PART, invoiceId);
}

/** The invoice id a receiving route's report names, or null when the route is not a report. */
export function reportInvoiceId(route: Pick<Route, 'parts'>): number | null {
  return route.parts[0] === REPORT_PART ? idPart(route.parts[1]) : null;
}
