/**
 * ESLint rule `dockhand/runtime-boundaries`: every file's runtime is its folder, and a folder may import
 * only what its runtime can load. A violation is a lint error, so `npm test` fails on it.
 *
 *   src/api       pure contract            → zod, src/api
 *   src/bridge    pure bridge contract     → zod, src/api, src/bridge, the store-port schemas
 *   src/db/{ops,storePort,tables}.ts       → zod, src/api and each other: the store port's wire schemas,
 *                                            Dexie-free, because the bridge (and so the preload) carries them
 *   src/db        DOM-free Dexie schema    → dexie, zod, gs1-barcode-parser-mod (pure: the GS1 rules
 *                                            scanner and receiving share, src/db/receiving/gs1.ts),
 *                                            src/api, src/bridge, src/db
 *   src (rest)    renderer (DOM)           → no Node built-ins, no electron; not electron/ or server/
 *   electron/core Node, no Electron        → no electron; not electron/main|preload, not the renderer
 *   electron/core/browserHost              → as electron/core, plus server/ (it starts the demo simulator)
 *   server        Node simulator           → no electron; src/api and server only
 *   headless      the sync CLI, chaos and their file store (not part of the app, never packaged)
 *                                          → no electron; src/api, src/bridge, src/db, electron/core, server;
 *                                            nothing in electron/ or src/ imports headless/
 *   electron/preload                       → electron, zod, src/api, src/bridge, electron/preload
 *   electron/main                          → anything
 * Outside electron/main and electron/preload nothing imports `electron`. Tests (*.test.ts) may use test
 * tooling and any non-Electron layer, but never `electron`.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT = process.cwd();

/** Most specific first: the first prefix that matches names the layer. */
const LAYERS = [
  ['api', 'src/api/'],
  ['bridge', 'src/bridge/'],
  ['db', 'src/db/'],
  ['renderer', 'src/'],
  ['host', 'electron/core/browserHost/'],
  ['core', 'electron/core/'],
  ['main', 'electron/main/'],
  ['preload', 'electron/preload/'],
  ['server', 'server/'],
  ['headless', 'headless/'],
];

/** Single files with their own layer (matched with or without the `.ts` an import leaves off). */
const FILE_LAYERS = new Map(
  ['src/db/ops', 'src/db/storePort', 'src/db/tables'].flatMap((file) => [
    [file, 'storePort'],
    [`${file}.ts`, 'storePort'],
  ]),
);

const ANY = '*';
const POLICIES = {
  api: { packages: ['zod'], node: false, layers: ['api'] },
  bridge: { packages: ['zod'], node: false, layers: ['api', 'bridge', 'storePort'] },
  storePort: { packages: ['zod'], node: false, layers: ['api', 'storePort'] },
  db: {
    packages: ['dexie', 'zod', 'gs1-barcode-parser-mod'],
    node: false,
    layers: ['api', 'bridge', 'storePort', 'db'],
  },
  renderer: { packages: ANY, node: false, layers: ['api', 'bridge', 'storePort', 'db', 'renderer'] },
  core: { packages: ANY, node: true, layers: ['api', 'bridge', 'storePort', 'db', 'core'] },
  // The browser host is a composition root like electron/main (it starts the demo simulator), minus Electron.
  host: { packages: ANY, node: true, layers: ['api', 'bridge', 'storePort', 'db', 'core', 'host', 'server'] },
  server: { packages: ANY, node: true, layers: ['api', 'server'] },
  // The headless tools drive the app's engine (electron/core) and Dexie layer from Node, and steer the simulator.
  headless: {
    packages: ANY,
    node: true,
    layers: ['api', 'bridge', 'storePort', 'db', 'core', 'server', 'headless'],
  },
  preload: { packages: ['electron', 'zod'], node: false, layers: ['api', 'bridge', 'storePort', 'preload'] },
  main: { packages: ANY, node: true, layers: ANY },
};
/** The app's folders (everything packaged or run by it): none of them may import headless/. */
const APP_LAYERS = new Set(LAYERS.map(([name]) => name).filter((name) => name !== 'headless'));
APP_LAYERS.add('storePort');
const TEST_PACKAGES = ['vitest', 'fast-check', 'fake-indexeddb', 'eslint', '@playwright/test'];
const NODE_BUILTINS = new Set(builtinModules);

function toPosix(p) {
  return p.split(path.sep).join('/');
}

export function layerOf(absoluteFile) {
  const rel = toPosix(path.relative(ROOT, absoluteFile));
  if (rel.startsWith('..')) return 'other';
  if (FILE_LAYERS.has(rel)) return FILE_LAYERS.get(rel);
  for (const [name, prefix] of LAYERS) if (rel.startsWith(prefix)) return name;
  return 'other';
}

function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isNodeBuiltin(source) {
  return source.startsWith('node:') || NODE_BUILTINS.has(packageName(source));
}

function check(context, node, source) {
  if (typeof source !== 'string') return;
  const filename = context.filename;
  const from = layerOf(filename);
  const isTest = /\.test\.ts$/.test(filename);
  const report = (why) => context.report({ node, message: `${from} may not import "${source}": ${why}` });

  if (source.startsWith('.') || source.startsWith('/')) {
    const target = layerOf(path.resolve(path.dirname(filename), source));
    // The app never depends on the headless tools, not even in its tests: they move or go without touching it.
    if (target === 'headless' && APP_LAYERS.has(from)) {
      report('headless/ holds tools outside the app, which nothing in the app imports');
      return;
    }
    if (isTest) {
      if (target === 'main' || target === 'preload') report('tests never load Electron code');
      return;
    }
    const policy = POLICIES[from];
    if (policy && policy.layers !== ANY && !policy.layers.includes(target)) {
      report(`${target} code is outside what ${from} may load`);
    }
    return;
  }
  if (packageName(source) === 'electron') {
    if (from !== 'main' && from !== 'preload')
      report('only electron/main and electron/preload import electron');
    return;
  }
  if (isTest) return;
  const policy = POLICIES[from];
  if (!policy) return;
  if (isNodeBuiltin(source)) {
    if (!policy.node) report('Node built-ins are not available in this runtime');
    return;
  }
  if (
    policy.packages !== ANY &&
    !policy.packages.includes(packageName(source)) &&
    !TEST_PACKAGES.includes(source)
  ) {
    report(`only ${policy.packages.join(', ')} may be imported here`);
  }
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each runtime folder to the imports its runtime can load' },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration: (node) => check(context, node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
      ExportAllDeclaration: (node) => check(context, node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(context, node, node.source.value),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          const [arg] = node.arguments;
          if (arg && arg.type === 'Literal') check(context, node, arg.value);
        }
      },
    };
  },
};

export default { meta: { name: 'dockhand' }, rules: { 'runtime-boundaries': rule } };
