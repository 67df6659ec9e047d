import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';
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
} from './expectations';
import { fuseProblems, readFuseWire, writePlaceholderElectron } from './placeholderElectron';
import { updateFeedProblems } from './updateFeed';

const APP = ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html'];

describe('package check expectations', () => {
  it('passes the build output alone and names everything else', () => {
    expect(asarProblems([...APP, '/node_modules/zod/package.json'])).toEqual([]);
    expect(
      asarProblems([
        '/package.json',
        '/e2e/fixtures.ts',
        '/bench/run.ts',
        '/headless/cli/index.ts',
        '/src/App.svelte',
        '/out/main/index.test.js',
        '/out/main/index.js.map',
        '/README.md',
      ]),
    ).toEqual([
      '/out/main/index.js is missing',
      '/out/preload/index.cjs is missing',
      '/out/renderer/index.html is missing',
      '/e2e/fixtures.ts is packaged (e2e/ is not part of the app)',
      '/bench/run.ts is packaged (bench/ is not part of the app)',
      '/headless/cli/index.ts is packaged (headless/ is not part of the app)',
      '/src/App.svelte is packaged (src/ is not part of the app)',
      '/out/main/index.test.js is packaged (a test or source map)',
      '/out/main/index.js.map is packaged (a test or source map)',
      '/README.md is packaged (only out/, package.json and production node_modules belong)',
    ]);
  });

  it('finds bare imports and requires a packaged module for each', () => {
    const source =
      'import{a}from"electron";import { z } from "zod";const k=await import("ky");' +
      'require("@scope/pkg/deep");import "./chunks/x.js";import fs from "node:fs";';
    expect(bareImports(source)).toEqual(['electron', 'zod', 'ky', '@scope/pkg']);
    const imports = new Map([['/out/main/index.js', bareImports(source)]]);
    expect(
      importProblems(imports, ['/node_modules/zod/package.json', '/node_modules/ky/package.json']),
    ).toEqual(['/out/main/index.js imports "@scope/pkg", which is not in the ASAR (a devDependency?)']);
  });

  it('resolves every dependency inside the ASAR the way Node does', () => {
    const paths = [
      '/package.json',
      '/node_modules/a/package.json',
      '/node_modules/a/sub/package.json',
      '/node_modules/@s/b/package.json',
      '/node_modules/a/node_modules/c/package.json',
    ];
    expect(packageRoots(paths)).toEqual([
      '/node_modules/a',
      '/node_modules/@s/b',
      '/node_modules/a/node_modules/c',
    ]);
    const manifests = new Map<string, { dependencies?: Record<string, string> }>([
      ['', { dependencies: { a: '1', '@s/b': '1' } }],
      ['/node_modules/a', { dependencies: { c: '1' } }],
      ['/node_modules/a/node_modules/c', { dependencies: { '@s/b': '1' } }],
      ['/node_modules/@s/b', {}],
    ]);
    expect(dependencyProblems(manifests)).toEqual([]);
    manifests.set('/node_modules/@s/b', { dependencies: { c: '1' } });
    manifests.set('', { dependencies: { a: '1', '@s/b': '1', d: '1' } });
    expect(dependencyProblems(manifests)).toEqual([
      '/ depends on "d", which is not in the ASAR',
      '/node_modules/@s/b depends on "c", which is not in the ASAR',
    ]);
  });

  it('checks the feed configuration and the channel files', () => {
    const url = 'https://feed.invalid/';
    expect(
      updateConfigProblems({ provider: 'generic', url, updaterCacheDirName: 'dockhand-updater' }, url),
    ).toEqual([]);
    expect(updateConfigProblems({ provider: 'github' }, url)).toHaveLength(3);
    const info = { version: '1.0.0', files: [{ url: 'Dockhand-1.0.0-x86_64.AppImage', sha512: 'x' }] };
    const expected = {
      channels: ['latest', 'beta'],
      version: '1.0.0',
      artifact: 'Dockhand-1.0.0-x86_64.AppImage',
    };
    expect(
      updateInfoProblems(
        new Map([
          ['latest-linux.yml', info],
          ['beta-linux.yml', info],
        ]),
        expected,
      ),
    ).toEqual([]);
    expect(
      updateInfoProblems(new Map([['latest-linux.yml', { ...info, version: '0.9.0' }]]), expected),
    ).toEqual(['latest-linux.yml version is 0.9.0', 'beta-linux.yml was not written']);
  });

  it('checks the deb metadata and the .desktop entry', () => {
    const args = [
      '--maintainer',
      'Dockhand <releases@dockhand.example.com>',
      '--url',
      'https://dockhand.example.com',
      '--description',
      'Purchasing',
      '/r/icons/png/16x16.png=/usr/share/icons/hicolor/16x16/apps/dockhand.png',
      '/tmp/4-dockhand.desktop=/usr/share/applications/dockhand.desktop',
    ];
    expect(debProblems(args)).toEqual([]);
    expect(debProblems(['--maintainer', 'Dockhand'])).toHaveLength(5);
    const entry =
      '[Desktop Entry]\nName=Dockhand\nIcon=dockhand\nStartupWMClass=dockhand\nCategories=Office;\n';
    expect(desktopEntryProblems(entry)).toEqual([]);
    expect(
      desktopEntryProblems('[Desktop Entry]\nName=Dockhand\nIcon=dockhand\nStartupWMClass=Dockhand\n'),
    ).toEqual([
      '.desktop Categories is missing, want Office;',
      '.desktop StartupWMClass is Dockhand, want dockhand',
    ]);
  });
});

describe('placeholder Electron', () => {
  const dir = writePlaceholderElectron(mkdtempSync(join(tmpdir(), 'dockhand-placeholder-')));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts with every required fuse the wrong way, and passes once @electron/fuses flips them as configured', async () => {
    const executable = join(dir, 'electron');
    expect(fuseProblems(readFuseWire(executable))).toHaveLength(7);
    const copy = join(dir, 'copy');
    copyFileSync(executable, copy);
    await flipFuses(copy, {
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
    expect(fuseProblems(readFuseWire(copy))).toEqual([]);
    // One fuse left alone is named.
    writeFileSync(copy, readFileSync(executable));
    await flipFuses(copy, { version: FuseVersion.V1, [FuseV1Options.RunAsNode]: false });
    expect(fuseProblems(readFuseWire(copy))).toContain(
      'fuse OnlyLoadAppFromAsar is not on in the executable',
    );
    expect(fuseProblems(readFuseWire(copy))).not.toContain('fuse RunAsNode is not off in the executable');
    expect(fuseProblems(readFuseWire(copy))).toContain(
      'fuse GrantFileProtocolExtraPrivileges is not off in the executable',
    );
  });
});

describe('update feed and shell guards', () => {
  it('takes only an https feed (http only on this computer), in words', () => {
    expect(updateFeedProblems('https://updates.example.com/dockhand/')).toEqual([]);
    expect(updateFeedProblems('http://127.0.0.1:8080/feed/')).toEqual([]);
    expect(updateFeedProblems('http://updates.example.com/dockhand/')).toEqual([
      expect.stringMatching(/^The update feed must be an https:\/\/ address/),
    ]);
    expect(updateFeedProblems(undefined)).toEqual([expect.stringMatching(/DOCKHAND_UPDATE_URL is not set/)]);
    expect(updateFeedProblems('ftp://updates.example.com/')).toEqual([
      'DOCKHAND_UPDATE_URL is not an http(s) address',
    ]);
    expect(
      updateConfigProblems(
        { provider: 'generic', url: 'http://u.example/', updaterCacheDirName: 'x' },
        'http://u.example/',
      ),
    ).toEqual([expect.stringMatching(/^app-update.yml: The update feed must be an https/)]);
  });

  it('finds the global guards in the main bundle and names each one missing', () => {
    const wired =
      'app.on("web-contents-created",(e,c)=>{c.setWindowOpenHandler(h);c.on("will-navigate",g);c.on("will-redirect",g);' +
      'c.on("will-attach-webview",w)});s.setPermissionRequestHandler(a);s.setPermissionCheckHandler(b);' +
      's.setDevicePermissionHandler(d);';
    expect(shellGuardProblems(wired)).toEqual([]);
    expect(shellGuardProblems(wired.replace('web-contents-created', 'browser-window-created'))).toEqual([
      'the main bundle never registers web-contents-created (the global web contents guard)',
    ]);
    expect(shellGuardProblems(wired.replace('s.setDevicePermissionHandler(d);', ''))).toEqual([
      'the main bundle never calls setDevicePermissionHandler (the device permission handler)',
    ]);
  });
});
