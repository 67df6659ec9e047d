/** The typed filter_by / order_by / select grammar of the v2.1 search operations (seed 4.1). */
export * from './ast';
export * from './build';
// Only the types: the table constructors (str, int, date…) are an implementation detail of the tables.
export type { FieldSpec, FieldTable, FieldType, SearchFields, ValueOfType } from './fields';
export * from './parse';
export * from './searchFields';
