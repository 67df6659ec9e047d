/**
 * The typed filter_by / order_by / select grammar of the v2.1 search operations.
 *
 * The API's rules, which the rest of this folder cites as "the grammar rules (./index.ts)":
 * - filter_by: comma-separated clauses, each `field:operator:value`. The multi-value operators `in` and
 *   `notin` separate their values with `|`. In string values `|` and `,` are escaped with a backslash.
 * - Operators: eq, neq, lt, lte, gt, gte, in, notin, contains, isnull, isnullorempty, isnotnull,
 *   startswith, endswith, doesnotcontain.
 * - isnull and isnotnull are unavailable for non-nullable fields; contains, startswith, endswith,
 *   doesnotcontain and isnullorempty are unavailable for date fields; lt, lte, gt and gte are
 *   unavailable for string fields.
 * - Keyed fields take an extra segment: `sales_channel:<id>:eq:true`, `attribute:<id>:isnotnull`,
 *   `attribute:<id>:eq:<value>`.
 * - order_by: comma-separated entries, each a field name followed by asc or desc.
 * - select: one or more field names from a per-operation list.
 *
 * Where these rules leave room, what we decided is written in ./parse.ts (reading) and ./build.ts
 * (writing); each operation's fields are in ./searchFields.ts.
 */
export * from './ast';
export * from './build';
// Only the types: the table constructors (str, int, date…) are an implementation detail of the tables.
export type { FieldSpec, FieldTable, FieldType, SearchFields, ValueOfType } from './fields';
export * from './parse';
export * from './searchFields';
