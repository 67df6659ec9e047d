/**
 * Input generators for server/fuzz.test.ts: mutations of valid request bodies and search queries written
 * from each operation's own field tables. Test tooling only (fast-check), kept apart so the test reads as
 * the list of what is thrown at every endpoint.
 */
import fc from 'fast-check';
import {
  buildFilter,
  buildOrder,
  FILTER_OPERATORS,
  SEARCH_FIELDS,
  type FilterInput,
} from '../../src/api/query';

/** Every leaf replaced by a value of another type. */
export function wrongTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wrongTypes);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, wrongTypes(child)]));
  }
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  return { unexpected: true };
}

export function hugeStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hugeStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, hugeStrings(child)]));
  }
  return typeof value === 'string' ? 'x'.repeat(100_000) : value;
}

/** Every path inside a value, for mutations "replace what is at this path". */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const children = Object.entries(value).flatMap(([key, child]) =>
    pathsOf(child, [...prefix, Array.isArray(value) ? Number(key) : key]),
  );
  return [prefix, ...children];
}

export function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = replacement;
  return copy;
}

const filterValue: fc.Arbitrary<FilterInput> = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('2026-03-04T10:00:00Z', '2026-03-04', 'OnOrder', 'In Progress', 'Incomplete'),
);

/** filter_by / order_by text built from the operation's own tables: mostly valid, typed or not. */
export function searchQuery(op: keyof typeof SEARCH_FIELDS) {
  const fields = SEARCH_FIELDS[op];
  const filterFields = Object.keys(fields.filter);
  const clause = fc.record({
    field: fc.constantFrom(...(filterFields.length > 0 ? filterFields : ['id'])),
    key: fc.option(fc.integer({ min: 1, max: 20 }).map(String), { nil: undefined }),
    op: fc.constantFrom(...FILTER_OPERATORS),
    values: fc.array(filterValue, { minLength: 0, maxLength: 3 }),
  });
  const write = (build: () => string) => {
    try {
      return build();
    } catch {
      return undefined; // the builder refuses what it cannot write; leave the parameter out
    }
  };
  return fc
    .record({
      filter_by: fc.option(fc.array(clause, { maxLength: 3 }), { nil: undefined }),
      order_by: fc.option(
        fc.array(
          fc.record({
            field: fc.constantFrom(...fields.order, 'id'),
            direction: fc.constantFrom('asc', 'desc'),
          }),
          {
            maxLength: 2,
          },
        ),
        { nil: undefined },
      ),
      select:
        fields.select.length > 0
          ? fc.option(fc.subarray([...fields.select], { minLength: 1 }), { nil: undefined })
          : fc.constant(undefined),
      page_number: fc.option(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constant(100_000)), {
        nil: undefined,
      }),
      page_size: fc.option(fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constant(2_147_483_647)), {
        nil: undefined,
      }),
    })
    .map((q) => ({
      filter_by: q.filter_by && write(() => buildFilter(q.filter_by!)),
      order_by: q.order_by && write(() => buildOrder(q.order_by as Parameters<typeof buildOrder>[0])),
      select: q.select?.join(','),
      page_number: q.page_number,
      page_size: q.page_size,
    }));
}

export function queryString(values: Record<string, unknown>, allowed: readonly string[]): string {
  const pairs = Object.entries(values).filter(
    ([name, value]) => value !== undefined && value !== '' && allowed.includes(name),
  );
  return pairs.map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`).join('&');
}
