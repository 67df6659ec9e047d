/**
 * Request bodies send calendar dates (`2026-03-15`); records return date-times. A calendar date is stored as
 * midnight UTC of that day, so it reads back as the same date in any client that formats it in UTC.
 */
export function dateTimeOfDate(date: string): string;
export function dateTimeOfDate(date: string | null | undefined): string | null;
export function dateTimeOfDate(date: string | null | undefined): string | null {
  return date ? `${date}T00:00:00.000Z` : null;
}
