/**
 * Building blocks for the v2.1 contract. Pure TypeScript + zod: no DOM, no Node, no Electron.
 *
 * Every resource, request and endpoint schema is assembled from these so that the API's type words
 * ("int32", "double", "date-time", "0..50 chars", "nullable") map to exactly one zod expression each.
 */
import { z } from 'zod';

/** "integer int32": a whole number in the signed 32-bit range. */
export const int32 = () => z.int32();

/**
 * "int64". JSON numbers cannot carry the full 64-bit range without loss, and the API sends them as
 * JSON numbers, so we accept every safe integer (±2^53-1) rather than a bigint.
 */
export const int64 = () => z.int();

/** "double" / "number": any finite JSON number. */
export const double = () => z.number();

/**
 * "date-time": an ISO 8601 date-time. The API does not say whether an offset is always present, so
 * both `2026-01-02T03:04:05Z`, `…+10:00` and an offset-less local time are accepted.
 */
export const dateTime = () => z.iso.datetime({ offset: true, local: true });

/** A calendar date `YYYY-MM-DD`, as the purchase order create body sends its dates. */
export const calendarDate = () => z.iso.date();

/** A string bounded to `min..max` characters, as the API's "0..N chars". */
export const boundedString = (min: number, max: number) => z.string().min(min).max(max);

/** The price bound on sell prices and product-supplier buy prices: ±922337203685477.6. */
export const PRICE_MAX = 922337203685477.6;
export const price = () => z.number().min(-PRICE_MAX).max(PRICE_MAX);

/** A reference as it appears in responses: `{id, name}`. */
export const namedRef = () => z.strictObject({ id: int32(), name: z.string() });

/** A reference as requests send it: an object carrying only `id`. */
export const idRef = () => z.strictObject({ id: int32() });

/** A user as embedded in audited records: `{id, user_code, first_name, surname}`. */
export const userRef = () =>
  z.strictObject({
    id: int32(),
    user_code: z.string().nullable(),
    first_name: z.string().nullable(),
    surname: z.string().nullable(),
  });

/** The paging envelope wrapped around every search result. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item).nullable(),
    page_number: int32(),
    page_size: int32(),
    total_records: int32(),
  });

/** Bounds of the paging query parameters, as the API states them. */
export const PAGE_NUMBER_MAX = 100000;
export const PAGE_SIZE_MAX = 2147483647;
