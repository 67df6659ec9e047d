/**
 * Test support for the updater (imported only by *.test.ts): a real HTTP server serving a generic update feed
 * (`latest-linux.yml` / `beta-linux.yml` with version, sha512 and size, and the installer file), and a REAL
 * electron-updater DebUpdater reading it from plain Node.
 *
 * electron-updater's classes load without Electron (they require `electron` only inside the functions that
 * use it: the default app adapter, the Electron net executor, notifications, quitAndInstall's event). Given an
 * app adapter, AppUpdater leaves its HTTP executor unset; the test sets one on node:http built on
 * builder-util-runtime's HttpExecutor (the class electron-updater's own executor extends). Everything from the
 * channel file to the verified download is then electron-updater's own code: channel file name, YAML parsing,
 * version comparison, staged rollout by staging id, download, sha512 check, download cache. Not exercised:
 * Electron's `net` executor (proxy/PAC) and the platform install (dpkg, the NSIS installer), which needs a
 * packaged app.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';
import { DebUpdater, NsisUpdater } from 'electron-updater';
import { recordingFetch } from '../sync/testing/fetches';
import type { UpdaterLike } from './updater';

export interface Release {
  version: string;
  channel?: 'latest' | 'beta';
  /** The installer's bytes; default a few KB derived from the version. */
  bytes?: Buffer;
  /** Written into the feed instead of the real sha512 (a corrupt checksum). */
  sha512?: string;
  stagingPercentage?: number;
  releaseNotes?: string;
  /** The installer's URL answers this status instead of the file. */
  fileStatus?: number;
  /**
   * The installer's download is cut off after this many bytes (the full length announced, the connection then
   * destroyed), as a dropped VPN or a PC put to sleep mid-download would leave it.
   */
  cutAfterBytes?: number;
}

export interface FeedServer {
  url: string;
  /** What the feed offers on a channel from now on (replacing the previous release). */
  publish(release: Release): void;
  /** The channel file answers this status (e.g. 500) instead. */
  failChannelFile(channel: 'latest' | 'beta', status: number): void;
  /** Paths requested, without the query (electron-updater adds a no-cache query). */
  requests: string[];
  close(): Promise<void>;
}

const installerName = (version: string) => `Dockhand-${version}-amd64.deb`;

export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, { status: number; body: Buffer | string; cutAfterBytes?: number }>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    const file = files.get(path);
    if (!file) return res.writeHead(404).end('Not Found');
    if (file.status !== 200) return res.writeHead(file.status).end(`Status ${file.status}`);
    const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body;
    if (file.cutAfterBytes !== undefined) {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, file.cutAfterBytes), () => res.destroy());
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    requests,
    publish(release) {
      const bytes = release.bytes ?? Buffer.alloc(4096, `dockhand ${release.version} `);
      const name = installerName(release.version);
      const sha512 = release.sha512 ?? createHash('sha512').update(bytes).digest('base64');
      const lines = [
        `version: ${release.version}`,
        'files:',
        `  - url: ${name}`,
        `    sha512: ${sha512}`,
        `    size: ${bytes.length}`,
        `path: ${name}`,
        `sha512: ${sha512}`,
        `releaseDate: '2026-11-20T10:00:00.000Z'`,
        ...(release.stagingPercentage === undefined
          ? []
          : [`stagingPercentage: ${release.stagingPercentage}`]),
        ...(release.releaseNotes === undefined
          ? []
          : [`releaseNotes: ${JSON.stringify(release.releaseNotes)}`]),
      ];
      files.set(`/${release.channel ?? 'latest'}-linux.yml`, { status: 200, body: `${lines.join('\n')}\n` });
      files.set(`/${name}`, {
        status: release.fileStatus ?? 200,
        body: bytes,
        ...(release.cutAfterBytes === undefined ? {} : { cutAfterBytes: release.cutAfterBytes }),
      });
    },
    failChannelFile(channel, status) {
      files.set(`/${channel}-linux.yml`, { status, body: '' });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * electron-updater's HTTP executor on node:http. `download` is what electron-updater's ElectronHttpExecutor
 * does (node_modules/electron-updater/out/electronHttpExecutor.js): builder-util-runtime's `doDownload`, which
 * streams to the file through its sha512 DigestTransform; only `createRequest` differs (node:http, not net).
 */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

export interface RealUpdater {
  updater: UpdaterLike;
  /** Every quitAndInstall call: the platform install itself is not run in tests. */
  installs: [boolean | undefined, boolean | undefined][];
  /** Where downloads are kept (the updater's cache). */
  cacheDir: string;
}

/**
 * A real DebUpdater of an installed Dockhand `version` whose app-update.yml points at `feedUrl`, with its own
 * user data (so its own staging id) and download cache.
 */
export interface RealUpdaterOptions {
  installFails?: boolean;
  /**
   * A Windows updater (electron-updater's NsisUpdater) whose app-update.yml names this publisher: after each
   * download it asks `verifySignature` (standing in for Authenticode, which needs Windows) whether the file is
   * signed by it; a non-null answer is the reason it is not. The feed's Linux file is what it downloads.
   */
  windows?: {
    publisherName: string;
    verifySignature: (publishers: string[], file: string) => Promise<string | null>;
  };
}

export function realUpdater(feedUrl: string, version: string, options: RealUpdaterOptions = {}): RealUpdater {
  const root = mkdtempSync(join(tmpdir(), 'dockhand-update-'));
  const resources = join(root, 'resources');
  const cacheDir = join(root, 'cache');
  mkdirSync(resources);
  const appUpdateConfigPath = join(resources, 'app-update.yml');
  writeFileSync(
    appUpdateConfigPath,
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: dockhand-updater\n` +
      (options.windows ? `publisherName: ${JSON.stringify(options.windows.publisherName)}\n` : ''),
  );
  const app = {
    version,
    name: 'Dockhand',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: join(root, 'userData'),
    baseCachePath: cacheDir,
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
  let updater: DebUpdater | NsisUpdater;
  if (options.windows) {
    const nsis = new NsisUpdater(undefined, app);
    nsis.verifyUpdateCodeSignature = options.windows.verifySignature;
    updater = nsis;
  } else {
    updater = new DebUpdater(undefined, app);
  }
  (updater as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  const installs: RealUpdater['installs'] = [];
  // The one member replaced: installing would run dpkg through sudo on the test machine. A failing install
  // reports as DebUpdater.doInstall does when it cannot run (an 'error' event, and no quit).
  updater.quitAndInstall = (isSilent, isForceRunAfter) => {
    installs.push([isSilent, isForceRunAfter]);
    if (options.installFails) updater.emit('error', new Error('Neither dpkg nor apt command found.'));
  };
  return { updater, installs, cacheDir };
}

/**
 * A fetch for the engine's API client that holds every purchase-order create on the wire until `release()`:
 * the op stays `sending` while a test asks for an install. `creates()` counts the creates that left.
 */
export function heldOrderCreates() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let creates = 0;
  const requests = recordingFetch(async (request, forward) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/purchaseorders')) {
      creates++;
      await held;
    }
    return forward();
  });
  return { fetch: requests.fetch, release: () => release(), creates: () => creates };
}
