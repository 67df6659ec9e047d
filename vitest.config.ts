import { defineConfig } from 'vitest/config';

// Unit tests run in Node. They never import `electron`; Dexie tests use fake-indexeddb.
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'src/**/*.test.ts',
      'electron/**/*.test.ts',
      'server/**/*.test.ts',
      'headless/**/*.test.ts',
      'scripts/**/*.test.ts',
      'eslint/**/*.test.ts',
    ],
    testTimeout: 20_000,
  },
});
