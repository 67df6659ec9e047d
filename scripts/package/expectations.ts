/**
 * What `npm run package:check` requires of a packed build, as pure functions over what it read (the ASAR's file
 * list, the main bundle's imports, the written YAML, the deb's fpm arguments, the .desktop entry). Each returns
 * its problems in words; an empty list is a pass.
 */

import { updateFeedProblems } from './updateFeed';

/** Entry points the shell loads (electron/main/index.ts, electron.vite.config.ts) and the packaged manifest. */
const REQUIRED_FILES = [
  '/package.json',
  '/out/main/index.js',
  '/out/preload/index.cjs',
  '/out/renderer/index.html',
];

/** Sources and tools that are not the app: the build output in out/ is all it runs. */
const FORBIDDEN_FOLDERS = [
  'e2e',
  'bench',
  'headless',
  'src',
  'server',
  'electron',
  'scripts',
  'resources',
  'eslint',
];
const FORBIDDEN_FILE = /(\.|\/)(test|spec)\.[cm]?[jt]sx?$|\.map$/;

export function asarProblems(paths: readonly string[]): string[] {
  const present = new Set(paths);
  const problems = REQUIRED_FILES.filter((file) => !present.has(file)).map((file) => `${file} is missing`);
  for (const path of paths) {
    const top = path.split('/')[1] ?? '';
    if (FORBIDDEN_FOLDERS.includes(top))
      problems.push(`${path} is packaged (${top}/ is not part of the app)`);
    else if (FORBIDDEN_FILE.test(path)) problems.push(`${path} is packaged (a test or source map)`);
    else if (top !== 'out' && top !== 'node_modules' && top !== 'package.json' && top !== '')
      problems.push(`${path} is packaged (only out/, package.json and production node_modules belong)`);
  }
  return problems;
}

/** The packages `source` imports by bare name (`from "ky"`, `import("zod")`), without Node built-ins. */
export function bareImports(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g,
  )) {
    const specifier = match[1]!;
    if (specifier.startsWith('node:')) continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return [...names];
}

/**
 * Every package the main and preload bundles import must be packaged (electron itself is the runtime), or the
 * installed app fails at start with a module-not-found a development run never shows.
 */
export function importProblems(
  imports: ReadonlyMap<string, readonly string[]>,
  paths: readonly string[],
): string[] {
  const packaged = new Set(
    paths.filter((path) => path.endsWith('/package.json')).map((path) => path.slice(1, -13)),
  );
  return [...imports].flatMap(([file, names]) =>
    names
      .filter((name) => name !== 'electron' && !packaged.has(`node_modules/${name}`))
      .map((name) => `${file} imports "${name}", which is not in the ASAR (a devDependency?)`),
  );
}

/** The package folders in the ASAR (`/node_modules/a`, `/node_modules/@s/b`, `/node_modules/a/node_modules/c`). */
export function packageRoots(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/@][^/]*)\/package\.json$/.exec(path);
    return match ? [match[1]!] : [];
  });
}

/**
 * Every dependency of the app (`/package.json`) and of each packaged package resolves inside the ASAR the way
 * Node resolves it (the nearest node_modules up the tree), or a package the app loads fails in the installed app.
 * Optional and peer dependencies are not required.
 */
export function dependencyProblems(
  manifests: ReadonlyMap<string, { dependencies?: Record<string, string> }>,
): string[] {
  const roots = new Set([...manifests.keys()]);
  return [...manifests].flatMap(([root, manifest]) =>
    Object.keys(manifest.dependencies ?? {}).flatMap((name) => {
      for (let dir = root; ; dir = dir.slice(0, dir.lastIndexOf('/node_modules/'))) {
        if (roots.has(`${dir}/node_modules/${name}`)) return [];
        if (!dir.includes('/node_modules/')) break;
      }
      return [`${root || '/'} depends on "${name}", which is not in the ASAR`];
    }),
  );
}

/** resources/app-update.yml: where electron-updater looks for the feed, which must be https (./updateFeed.ts). */
export function updateConfigProblems(config: unknown, url: string): string[] {
  const record = (config ?? {}) as Record<string, unknown>;
  const written = typeof record['url'] === 'string' ? updateFeedProblems(record['url']) : [];
  const problems = written.map((problem) => `app-update.yml: ${problem}`);
  if (record['provider'] !== 'generic')
    problems.push(`app-update.yml provider is ${String(record['provider'])}`);
  if (record['url'] !== url) problems.push(`app-update.yml url is ${String(record['url'])}, not ${url}`);
  if (!record['updaterCacheDirName']) problems.push('app-update.yml has no updaterCacheDirName');
  return problems;
}

/** latest-linux.yml and the other channels' files: the version and the artifact a machine downloads. */
export function updateInfoProblems(
  files: ReadonlyMap<string, unknown>,
  expected: { channels: readonly string[]; version: string; artifact: string },
): string[] {
  return expected.channels.flatMap((channel) => {
    const name = `${channel}-linux.yml`;
    const info = files.get(name) as { version?: unknown; path?: unknown; files?: unknown } | undefined;
    if (!info) return [`${name} was not written`];
    const entries = Array.isArray(info.files) ? (info.files as Array<Record<string, unknown>>) : [];
    const problems: string[] = [];
    if (info.version !== expected.version) problems.push(`${name} version is ${String(info.version)}`);
    if (entries[0]?.['url'] !== expected.artifact)
      problems.push(`${name} does not name ${expected.artifact}`);
    // The size comes from the real AppImage's block map, which the stand-in has not got.
    if (typeof entries[0]?.['sha512'] !== 'string') problems.push(`${name} has no sha512 for the download`);
    return problems;
  });
}

/** The deb's metadata (fpm's arguments): what `dpkg -I` shows an administrator. */
export function debProblems(args: readonly string[]): string[] {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const problems: string[] = [];
  if (!/^.+ <[^@\s]+@[^@\s]+>$/.test(option('--maintainer') ?? ''))
    problems.push('deb has no "Name <email>" maintainer');
  if (!/^https:\/\//.test(option('--url') ?? '')) problems.push('deb has no https homepage');
  if (!option('--description')) problems.push('deb has no description');
  const icons = args.filter((arg) => /=\/usr\/share\/icons\/hicolor\/\d+x\d+\/apps\//.test(arg));
  if (icons.length === 0 || icons.some((arg) => arg.includes('electron')))
    problems.push('deb does not install our icon set (resources/icons/png)');
  if (!args.some((arg) => arg.endsWith('=/usr/share/applications/dockhand.desktop')))
    problems.push('deb does not install dockhand.desktop (package.json desktopName)');
  return problems;
}

/** The .desktop entry both Linux targets install: name, icon, category and the window association. */
export function desktopEntryProblems(entry: string): string[] {
  const fields = new Map(
    entry
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const want: Record<string, string> = {
    Name: 'Dockhand',
    Icon: 'dockhand',
    Categories: 'Office;',
    StartupWMClass: 'dockhand',
  };
  return Object.entries(want)
    .filter(([key, value]) => fields.get(key) !== value)
    .map(([key, value]) => `.desktop ${key} is ${fields.get(key) ?? 'missing'}, want ${value}`);
}

/**
 * The shell's guards (electron/main/index.ts, electron/core/shell/windowSecurity.ts) as the built main bundle
 * must call them: the global web contents guard with its four handlers, and the three permission handlers.
 * Method names and event names survive bundling; a refactor that drops one is caught here, not in the field.
 */
const SHELL_GUARDS: ReadonlyArray<readonly [string, string]> = [
  ['web-contents-created', 'registers web-contents-created (the global web contents guard)'],
  ['setWindowOpenHandler', 'calls setWindowOpenHandler (no new windows)'],
  ['will-navigate', 'handles will-navigate (no navigation off the app)'],
  ['will-redirect', 'handles will-redirect (no redirect off the app)'],
  ['will-attach-webview', 'handles will-attach-webview (no webviews)'],
  ['setPermissionRequestHandler', 'calls setPermissionRequestHandler (the permission policy)'],
  ['setPermissionCheckHandler', 'calls setPermissionCheckHandler (the permission policy)'],
  ['setDevicePermissionHandler', 'calls setDevicePermissionHandler (the device permission handler)'],
];

export function shellGuardProblems(mainSource: string): string[] {
  return SHELL_GUARDS.filter(([name]) => !mainSource.includes(name)).map(
    ([, what]) => `the main bundle never ${what}`,
  );
}
