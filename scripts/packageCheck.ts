/**
 * `npm run package:check` (after `electron-vite build`; part of `npm test`): packs the app with
 * electron-builder.yml for Linux x64, offline, and checks what it produced. Electron's binary cannot be
 * downloaded on our build machines, so a placeholder distribution stands in for it (scripts/package/
 * placeholderElectron.ts), and the AppImage and deb targets stop, through electron-builder's
 * `effectiveOptionComputed` hook, just before they would fetch appimagetool and fpm: the hook hands over the
 * .desktop entry and the deb's metadata instead. What is checked, and what is not: docs/releasing.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractFile, listPackage } from '@electron/asar';
import { Arch, build, Platform, type AfterPackContext } from 'electron-builder';
import { parse } from 'yaml';
import { writeIcons } from './icons';
import {
  asarProblems,
  bareImports,
  debProblems,
  dependencyProblems,
  desktopEntryProblems,
  importProblems,
  packageRoots,
  shellGuardProblems,
  updateConfigProblems,
  updateInfoProblems,
} from './package/expectations';
import { fuseProblems, readFuseWire, writePlaceholderElectron } from './package/placeholderElectron';
import { emitStandInAppImage } from './package/standInArtifact';

const ROOT = resolve(import.meta.dirname, '..');
/** electron-builder.yml's beforePack hook: it must be configured, and refuse an http update feed. */
const FEED_HOOK = './scripts/package/beforePack.mjs';
/** Any URL will do: the check is that the build takes it from the environment into app-update.yml. */
const FEED_URL = 'https://updates.dockhand.invalid/package-check/';
const CHANNELS = ['latest', 'beta', 'alpha'];

/** The hook electron-builder runs before packing, tried with an http feed: it must refuse to pack. */
async function feedHookProblems(): Promise<string[]> {
  const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as { beforePack?: unknown };
  if (config.beforePack !== FEED_HOOK) return [`electron-builder.yml beforePack is not ${FEED_HOOK}`];
  const hookUrl = pathToFileURL(join(ROOT, FEED_HOOK)).href;
  const hook = ((await import(hookUrl)) as { default: () => Promise<void> }).default;
  const saved = process.env['DOCKHAND_UPDATE_URL'];
  process.env['DOCKHAND_UPDATE_URL'] = 'http://updates.dockhand.invalid/package-check/';
  try {
    await hook();
    return ['the beforePack hook packs an app whose update feed is plain http'];
  } catch {
    return [];
  } finally {
    if (saved === undefined) delete process.env['DOCKHAND_UPDATE_URL'];
    else process.env['DOCKHAND_UPDATE_URL'] = saved;
  }
}

async function main(): Promise<string[]> {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  writeIcons();
  const work = mkdtempSync(join(tmpdir(), 'dockhand-package-check-'));
  try {
    const output = join(work, 'dist');
    let desktopEntry = '';
    let debArgs: string[] = [];
    let appImageName = '';
    process.env['DOCKHAND_UPDATE_URL'] = FEED_URL;
    await build({
      projectDir: ROOT,
      targets: Platform.LINUX.createTarget(['dir', 'AppImage', 'deb'], Arch.x64),
      publish: 'never',
      config: {
        electronDist: writePlaceholderElectron(join(work, 'electron')),
        directories: { output },
        afterPack: async (context: AfterPackContext) => {
          appImageName = await emitStandInAppImage(context);
        },
      },
      // Called by the AppImage target with its .desktop entry and by the deb target with fpm's arguments;
      // `true` ends the target there, before anything is downloaded.
      effectiveOptionComputed: async (options: unknown) => {
        if (Array.isArray(options)) debArgs = options[0] as string[];
        else desktopEntry = (options as { desktop: string }).desktop;
        return true;
      },
    });

    const appDir = join(output, 'linux-unpacked');
    const asar = join(appDir, 'resources', 'app.asar');
    const paths = listPackage(asar, { isPack: false }).map((path) => path.replaceAll('\\', '/'));
    const bundles = paths.filter((path) => /^\/out\/(main|preload)\/.*\.c?js$/.test(path));
    const read = (path: string) => extractFile(asar, path.slice(1)).toString();
    const manifests = new Map(
      ['', ...packageRoots(paths)].map((root) => [
        root,
        JSON.parse(read(`${root}/package.json`)) as { dependencies?: Record<string, string> },
      ]),
    );
    const imports = new Map(bundles.map((path) => [path, bareImports(read(path))]));
    const updateInfo = new Map(
      readdirSync(output)
        .filter((name) => name.endsWith('.yml') && name !== 'builder-debug.yml')
        .map((name) => [name, parse(readFileSync(join(output, name), 'utf8')) as unknown]),
    );
    console.log(
      `package:check: ${paths.length} entries in app.asar; update info: ${[...updateInfo.keys()].join(', ')}`,
    );
    const mainSource = bundles
      .filter((path) => path.startsWith('/out/main/'))
      .map(read)
      .join('\n');
    return [
      ...(await feedHookProblems()),
      ...shellGuardProblems(mainSource),
      ...asarProblems(paths),
      ...importProblems(imports, paths),
      ...dependencyProblems(manifests),
      ...fuseProblems(readFuseWire(join(appDir, 'dockhand'))),
      ...updateConfigProblems(
        parse(readFileSync(join(appDir, 'resources', 'app-update.yml'), 'utf8')),
        FEED_URL,
      ),
      ...updateInfoProblems(updateInfo, { channels: CHANNELS, version, artifact: appImageName }),
      ...(desktopEntry ? desktopEntryProblems(desktopEntry) : ['the AppImage target gave no .desktop entry']),
      ...(debArgs.length > 0 ? debProblems(debArgs) : ['the deb target gave no metadata']),
    ];
  } finally {
    // PACKAGE_CHECK_KEEP=1 leaves the packed app and the update files for a look.
    if (process.env['PACKAGE_CHECK_KEEP'] === '1') console.log(`package:check: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

const started = Date.now();
const problems = await main();
if (problems.length > 0) {
  console.error(
    `package:check: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`package:check: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
