/**
 * Responses to a search with `select`: the API lets a client pick fields from a per-operation list, and
 * those names are not all response field names (`id`, `product_id`, `product_supplier_buy_ex`). So a
 * selected row is its own shape: exactly the selected names, each a scalar. The full response schema of the
 * endpoint applies when `select` is absent.
 */
import { z } from 'zod';
import { pageOf } from '../primitives';
import { SEARCH_FIELDS, type SearchOperationId } from '../query';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export function selectionRowSchema(op: SearchOperationId, selected: readonly string[]) {
  const allowed = new Set<string>(SEARCH_FIELDS[op].select);
  const shape: Record<string, typeof scalar> = {};
  for (const name of selected) if (allowed.has(name)) shape[name] = scalar;
  return z.strictObject(shape);
}

export const selectionPageSchema = (op: SearchOperationId, selected: readonly string[]) =>
  pageOf(selectionRowSchema(op, selected));
