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

describe('dockhand/runtime-boundaries', () => {
  it('lets src/api import zod and its own files only', async () => {
    expect(
      await boundaryErrors('src/api/x.ts', "import { z } from 'zod';\nimport './primitives';\nexport { z };"),
    ).toEqual([]);
    expect(await boundaryErrors('src/api/x.ts', "import ky from 'ky';\nexport { ky };")).toEqual([
      'api may not import "ky": only zod may be imported here',
    ]);
    expect(await boundaryErrors('src/api/x.ts', "import '../bridge/contract';")).toHaveLength(1);
    expect(
      await boundaryErrors('src/api/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };"),
    ).toHaveLength(1);
  });

  it('lets src/bridge import zod and src/api only', async () => {
    expect(await boundaryErrors('src/bridge/x.ts', "import '../api/primitives';\nimport 'zod';")).toEqual([]);
    expect(await boundaryErrors('src/bridge/x.ts', "import '../lib/bridge';")).toHaveLength(1);
    expect(await boundaryErrors('src/bridge/x.ts', "import 'dexie';")).toHaveLength(1);
  });

  it('lets the browser host, and no other core folder, start the simulator', async () => {
    expect(await boundaryErrors('electron/core/browserHost/x.ts', "import '../../../server/index';")).toEqual(
      [],
    );
    expect(await boundaryErrors('electron/core/bridge/x.ts', "import '../../../server/index';")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('electron/core/browserHost/x.ts', "import 'electron';")).toHaveLength(1);
  });

  it('lets src/bridge import the Dexie-free store-port schemas of src/db, and nothing else there', async () => {
    expect(await boundaryErrors('src/bridge/x.ts', "import '../db/storePort';")).toEqual([]);
    expect(await boundaryErrors('src/bridge/x.ts', "import '../db/ops';")).toEqual([]);
    expect(await boundaryErrors('src/bridge/x.ts', "import '../db/schema';")).toHaveLength(1);
    expect(await boundaryErrors('src/db/storePort.ts', "import './schema';")).toHaveLength(1);
    expect(await boundaryErrors('src/db/storePort.ts', "import 'dexie';")).toHaveLength(1);
  });

  it('keeps Node built-ins and Electron out of the renderer', async () => {
    expect(await boundaryErrors('src/lib/x.ts', "import 'svelte';\nimport '../api/primitives';")).toEqual([]);
    expect(await boundaryErrors('src/lib/x.ts', "import path from 'path';\nexport { path };")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('src/lib/x.ts', "import 'node:crypto';")).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/lib/x.ts',
        "import { ipcRenderer } from 'electron';\nexport { ipcRenderer };",
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors('src/lib/x.ts', "import '../../server/index';")).toHaveLength(1);
  });

  it('keeps Electron out of electron/core and server, but allows Node', async () => {
    expect(
      await boundaryErrors(
        'electron/core/x.ts',
        "import 'node:fs';\nimport 'ky';\nimport '../../src/api/primitives';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('electron/core/x.ts', "import { app } from 'electron';\nexport { app };"),
    ).toEqual(['core may not import "electron": only electron/main and electron/preload import electron']);
    expect(await boundaryErrors('electron/core/x.ts', "import '../main/index';")).toHaveLength(1);
    expect(await boundaryErrors('server/x.ts', "const e = require('electron');\nexport { e };")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('server/x.ts', "await import('electron');")).toHaveLength(1);
    expect(await boundaryErrors('server/x.ts', "import '../electron/core/x';")).toHaveLength(1);
  });

  it('allows electron only in electron/main and electron/preload', async () => {
    expect(
      await boundaryErrors('electron/main/x.ts', "import { app } from 'electron';\nexport { app };"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'electron/preload/x.ts',
        "import { contextBridge } from 'electron';\nexport { contextBridge };",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('electron/preload/x.ts', "import 'node:fs';")).toHaveLength(1);
    expect(await boundaryErrors('scripts/x.ts', "export * from 'electron';")).toHaveLength(1);
  });

  it('lets headless/ drive the app and the simulator, and keeps the app (tests too) off headless/', async () => {
    expect(
      await boundaryErrors(
        'headless/cli/x.ts',
        "import 'node:fs';\nimport '../../electron/core/sync';\nimport '../../src/db/schema';\nimport '../../server/index';",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('headless/cli/x.ts', "import 'electron';")).toHaveLength(1);
    expect(await boundaryErrors('headless/cli/x.ts', "import '../../electron/main/index';")).toHaveLength(1);
    expect(await boundaryErrors('electron/core/sync/x.ts', "import '../../../headless/store';")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('electron/main/x.ts', "import '../../headless/store';")).toHaveLength(1);
    expect(await boundaryErrors('src/db/x.test.ts', "import '../../headless/store';")).toHaveLength(1);
    expect(await boundaryErrors('server/x.ts', "import '../headless/chaos/cli';")).toHaveLength(1);
    expect(await boundaryErrors('scripts/x.ts', "import '../headless/cli/sync';")).toEqual([]);
  });

  it('lets tests use test tooling but never Electron', async () => {
    expect(
      await boundaryErrors('src/api/x.test.ts', "import 'vitest';\nimport 'fast-check';\nimport 'node:fs';"),
    ).toEqual([]);
    expect(await boundaryErrors('src/api/x.test.ts', "import 'electron';")).toHaveLength(1);
    expect(await boundaryErrors('electron/core/x.test.ts', "import '../main/index';")).toHaveLength(1);
  });
});
