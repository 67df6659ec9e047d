/**
 * gs1-barcode-parser-mod ships no types. Only `parseBarcode` is used, and its answer is taken as unknown:
 * ./gs1.ts checks it with zod before reading it.
 */
declare module 'gs1-barcode-parser-mod' {
  const library: { parseBarcode(barcode: string): unknown };
  export default library;
}
