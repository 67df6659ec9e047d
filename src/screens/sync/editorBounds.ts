/**
 * The sanity bounds the record forms hold a value to (src/db/edits/formBounds.ts), held by the sync centre's
 * correction form too: a refused order corrected there must not go out with a quantity of 999,999,999 the
 * New PO form would have refused. Bounds go by the field's own name, whatever line it is on; the contract's
 * schema (the op kind's payload) is checked as well, by the editor.
 */
import type { FieldErrors } from '../../api/fieldErrors';
import {
  atMostMessage,
  NOTES_MAX,
  PRICE_PLACES,
  placesMessage,
  QUANTITY_MAX,
  tooLongText,
  UNIT_PRICE_MAX,
  hasAtMostPlaces,
} from '../../db/edits/formBounds';
import { getPath, parsePath } from '../../lib/paths';
import type { EditorField } from './editorFields';

interface Bound {
  max: number;
  places?: number;
  text?: boolean;
}

const QUANTITY: Bound = { max: QUANTITY_MAX };
const PRICE: Bound = { max: UNIT_PRICE_MAX, places: PRICE_PLACES };
const BOUNDS: Readonly<Record<string, Bound>> = {
  quantity_ordered: QUANTITY,
  quantity_received: QUANTITY,
  quantity_faulty: QUANTITY,
  quantity_invoiced: QUANTITY,
  return_quantity: QUANTITY,
  supplier_buy_ex: PRICE,
  buy_price_ex: PRICE,
  notes: { max: NOTES_MAX, text: true },
};

/** Each field of the form past its bound, with the message the record forms give. */
export function boundErrors(fields: readonly EditorField[], draft: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const key = parsePath(field.path).at(-1);
    const bound = typeof key === 'string' ? BOUNDS[key] : undefined;
    const value = getPath(draft, field.path);
    if (!bound) continue;
    const name = field.label.charAt(0).toUpperCase() + field.label.slice(1);
    if (bound.text && typeof value === 'string' && value.length > bound.max)
      errors[field.path] = [tooLongText(bound.max, value.length)];
    else if (!bound.text && typeof value === 'number' && value > bound.max)
      errors[field.path] = [atMostMessage(name, bound.max)];
    else if (bound.places !== undefined && typeof value === 'number' && !hasAtMostPlaces(value, bound.places))
      errors[field.path] = [placesMessage(name, bound.places)];
  }
  return errors;
}
