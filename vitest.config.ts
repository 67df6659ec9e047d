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
    // Every simulator a test starts (in this process or a child) checks its responses against the contract
    // (server/index.ts validateResponses); the demo and `npm run api` run without it.
    env: { DOCKHAND_VALIDATE_RESPONSES: '1' },
  },
});
