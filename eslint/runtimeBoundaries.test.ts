/**
 * Lints snippets as if they lived in each runtime folder, through the project's real ESLint config, so
 * a broken rule or a config that stops applying it both fail here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'dockhand/runtime-boundaries')
    .map((message) => message.message);
}

/** The snippet lints clean as the file `filePath`. */
async function allows(filePath: string, code: string): Promise<void> {
  expect(await boundaryErrors(filePath, code)).toEqual([]);
}

/** The snippet is refused, once, as the file `filePath`. */
async function refuses(filePath: string, code: string): Promise<void> {
  expect(await boundaryErrors(filePath, code)).toHaveLength(1);
}

describe('dockhand/runtime-boundaries', () => {
  it('lets src/api import zod and its own files only', async () => {
    await allows('src/api/x.ts', "import { z } from 'zod';\nimport './primitives';\nexport { z };");
    expect(await boundaryErrors('src/api/x.ts', "import ky from 'ky';\nexport { ky };")).toEqual([
      'api may not import "ky": only zod may be imported here',
    ]);
    await refuses('src/api/x.ts', "import '../bridge/contract';");
    await refuses('src/api/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };");
  });

  it('lets src/bridge import zod and src/api only', async () => {
    await allows('src/bridge/x.ts', "import '../api/primitives';\nimport 'zod';");
    await refuses('src/bridge/x.ts', "import '../lib/bridge';");
    await refuses('src/bridge/x.ts', "import 'dexie';");
  });

  it('lets the browser host, and no other core folder, start the simulator', async () => {
    await allows('electron/core/browserHost/x.ts', "import '../../../server/index';");
    await refuses('electron/core/bridge/x.ts', "import '../../../server/index';");
    await refuses('electron/core/browserHost/x.ts', "import 'electron';");
  });

  it('lets src/bridge import the Dexie-free store-port schemas of src/db, and nothing else there', async () => {
    await allows('src/bridge/x.ts', "import '../db/storePort';");
    await allows('src/bridge/x.ts', "import '../db/ops';");
    await refuses('src/bridge/x.ts', "import '../db/schema';");
    await refuses('src/db/storePort.ts', "import './schema';");
    await refuses('src/db/storePort.ts', "import 'dexie';");
  });

  it('keeps Node built-ins and Electron out of the renderer', async () => {
    await allows('src/lib/x.ts', "import 'svelte';\nimport '../api/primitives';");
    await refuses('src/lib/x.ts', "import path from 'path';\nexport { path };");
    await refuses('src/lib/x.ts', "import 'node:crypto';");
    await refuses('src/lib/x.ts', "import { ipcRenderer } from 'electron';\nexport { ipcRenderer };");
    await refuses('src/lib/x.ts', "import '../../server/index';");
  });

  it('keeps Electron out of electron/core and server, but allows Node', async () => {
    await allows('electron/core/x.ts', "import 'node:fs';\nimport 'ky';\nimport '../../src/api/primitives';");
    expect(
      await boundaryErrors('electron/core/x.ts', "import { app } from 'electron';\nexport { app };"),
    ).toEqual(['core may not import "electron": only electron/main and electron/preload import electron']);
    await refuses('electron/core/x.ts', "import '../main/index';");
    await refuses('server/x.ts', "const e = require('electron');\nexport { e };");
    await refuses('server/x.ts', "await import('electron');");
    await refuses('server/x.ts', "import '../electron/core/x';");
  });

  it('allows electron only in electron/main and electron/preload', async () => {
    await allows('electron/main/x.ts', "import { app } from 'electron';\nexport { app };");
    await allows(
      'electron/preload/x.ts',
      "import { contextBridge } from 'electron';\nexport { contextBridge };",
    );
    await refuses('electron/preload/x.ts', "import 'node:fs';");
    await refuses('scripts/x.ts', "export * from 'electron';");
  });

  it('lets headless/ drive the app and the simulator, and keeps the app (tests too) off headless/', async () => {
    await allows(
      'headless/cli/x.ts',
      "import 'node:fs';\nimport '../../electron/core/sync';\nimport '../../src/db/schema';\nimport '../../server/index';",
    );
    await refuses('headless/cli/x.ts', "import 'electron';");
    await refuses('headless/cli/x.ts', "import '../../electron/main/index';");
    await refuses('electron/core/sync/x.ts', "import '../../../headless/store';");
    await refuses('electron/main/x.ts', "import '../../headless/store';");
    await refuses('src/db/x.test.ts', "import '../../headless/store';");
    await refuses('server/x.ts', "import '../headless/chaos/cli';");
    await allows('scripts/x.ts', "import '../headless/cli/sync';");
  });

  it('lets tests use test tooling but never Electron', async () => {
    await allows('src/api/x.test.ts', "import 'vitest';\nimport 'fast-check';\nimport 'node:fs';");
    await refuses('src/api/x.test.ts', "import 'electron';");
    await refuses('electron/core/x.test.ts', "import '../main/index';");
  });
});
