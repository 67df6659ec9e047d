/** Building blocks shared by the per-operation accessor tables. */
import type { FilterField, OrderField, SearchOperationId, SelectField } from '../../../src/api/query';
import type { Product } from '../../../src/api/resources';
import type { SimState, User } from '../../state';
import type { Accessor } from '../engine';

/** Every field name an operation's filter_by, order_by or select may use. */
export type FieldName<Op extends SearchOperationId> = FilterField<Op> | OrderField<Op> | SelectField<Op>;

/**
 * An accessor table that names exactly the fields of `Op`: a missing or unknown name is a compile error
 * (the coverage test checks the same at run time, against SEARCH_FIELDS).
 */
export type CompleteAccessors<Op extends SearchOperationId, Row> = {
  readonly [Field in FieldName<Op>]: Accessor<Row>;
};

/** `prefixed('freight', {total_ex: a})` → `{freight_total_ex: a}`: the API's `prefix_*` field families. */
export function prefixed<Row, const P extends string, const S extends string>(
  prefix: P,
  suffixes: Record<S, Accessor<Row>>,
): Record<`${P}_${S}`, Accessor<Row>> {
  const entries = Object.entries(suffixes).map(([suffix, accessor]) => [`${prefix}_${suffix}`, accessor]);
  return Object.fromEntries(entries) as Record<`${P}_${S}`, Accessor<Row>>;
}

/** `<prefix>_id`, `<prefix>_first_name`, `<prefix>_surname` of an audited user (null user → nulls). */
export function userAccessors<Row, const P extends string>(
  prefix: P,
  userOf: (row: Row) => User | null | undefined,
) {
  return prefixed<Row, P, 'id' | 'first_name' | 'surname'>(prefix, {
    id: (row) => userOf(row)?.id ?? null,
    first_name: (row) => userOf(row)?.first_name ?? null,
    surname: (row) => userOf(row)?.surname ?? null,
  });
}

/**
 * The value name of the product attribute called `name` (case-insensitive): size, colour, brand and season
 * "match on the value name", as the API says. `Color` is accepted for colour. null when the product has no
 * such attribute or it has no value.
 */
export function attributeByName(product: Product | undefined, name: string): string | null {
  if (!product) return null;
  const wanted = name.toLowerCase();
  const aliases = wanted === 'colour' ? ['colour', 'color'] : [wanted];
  const attribute = product.attributes.find((a) => aliases.includes(a.name.toLowerCase()));
  return attribute?.value?.name ?? null;
}

/** `attribute:<id>`: the value name of the attribute with that id; null when absent or without value. */
export function attributeById(product: Product | undefined, key: string | undefined): string | null {
  if (!product || key === undefined) return null;
  const attribute = product.attributes.find((a) => String(a.id) === key);
  return attribute?.value?.name ?? null;
}

/**
 * The product a summary (supplier return item, credit note item) names. Summaries carry only ids, SKUs and
 * the short description, so size and colour are looked up in state.products; an unknown product gives null.
 */
export const productOf = (state: SimState, productId: number): Product | undefined =>
  state.products.get(productId);
