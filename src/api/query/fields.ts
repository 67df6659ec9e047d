/**
 * The vocabulary of the query field tables: what type a filterable field has, whether it may be null and
 * whether it takes an extra `<id>` segment (grammar rules, ./index.ts: `sales_channel:<id>:eq:true`).
 */

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'date';

export interface FieldSpec {
  type: FieldType;
  nullable: boolean;
  /** Takes an extra `<id>` segment after the field name: `attribute:<id>:eq:<value>`. */
  keyed?: boolean;
}

export type FieldTable = Readonly<Record<string, FieldSpec>>;

export interface SearchFields {
  filter: FieldTable;
  order: readonly string[];
  select: readonly string[];
}

/*
 * Constructors used by the tables. They keep the `type` literal (not widened to FieldType) so the fluent
 * builder can infer a value type per field, e.g. a number for an integer field.
 */
export const str = (nullable: boolean) => ({ type: 'string', nullable }) as const;
export const int = (nullable: boolean) => ({ type: 'integer', nullable }) as const;
export const num = (nullable: boolean) => ({ type: 'number', nullable }) as const;
export const bool = (nullable: boolean) => ({ type: 'boolean', nullable }) as const;
export const date = (nullable: boolean) => ({ type: 'date', nullable }) as const;
export const keyed = <S extends FieldSpec>(spec: S) => ({ ...spec, keyed: true }) as const;

/** The TypeScript type of a value written for a field of type `T`. Dates may be given as a Date. */
export type ValueOfType<T extends FieldType> = T extends 'integer' | 'number'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'date'
      ? string | Date
      : string;
