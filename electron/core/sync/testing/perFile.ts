/**
 * Test support (imported only by *.test.ts): a resource (a simulator, a feed server) started once before the
 * tests of a file or describe block and stopped after them. The getter fails loudly when read outside a test.
 */
import { afterAll, beforeAll } from 'vitest';

export function perFile<T>(start: () => Promise<T>, stop: (value: T) => unknown): () => T {
  let value: { current: T } | undefined;
  beforeAll(async () => {
    value = { current: await start() };
  });
  afterAll(async () => {
    if (value) await stop(value.current);
  });
  return () => {
    if (!value) throw new Error('Started in beforeAll: use it inside a test');
    return value.current;
  };
}
