/**
 * How the search engine reads a row: one getter per grammar field. Its own module, below the engine
 * (./engine.ts) and the filter and order compilers it calls (./filter.ts, ./order.ts), so those need not
 * import the engine back.
 */

export type Accessor<Row> = (row: Row, key: string | undefined) => unknown; // key: the <id> of keyed fields
export type AccessorTable<Row> = Readonly<Record<string, Accessor<Row>>>;
