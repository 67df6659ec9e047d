/**
 * App updates: checks the feed at start and every few hours, downloads a newer version in the background,
 * and installs it only when asked ("Restart to update") and only once no request is in flight.
 *
 * The updater is a parameter (./updater.ts: electron-updater's AppUpdater in the desktop app), as is the clock,
 * so the logic runs in Node tests against a real feed. electron-updater itself reads the channel file, honours
 * a staged rollout (`stagingPercentage`, by this installation's staging id) and verifies the download's
 * sha512; this module owns what the user sees: one state (../../../src/bridge/updateStatus.ts), the channel,
 * the last check and its result in words, and when installing is safe.
 *
 * Safe means: `prepareForInstall` has run. The desktop app passes its quit cleanup (the one the quit gate,
 * ../shell/quitGate.ts, runs): the bridge stops the sync engine, which waits for the requests in flight and
 * their write-ahead records; queued edits stay in the outbox on disk and are sent after the restart. So an
 * update never loses or duplicates an edit. Failures are logged and shown; none of them blocks work.
 */
import type {
  UpdateChannel,
  UpdateCheck,
  UpdateInstallAnswer,
  UpdateState,
  UpdateStatus,
} from '../../../src/bridge/updateStatus';
import { SILENT_APP_LOGGER, type AppLogger } from '../bridge/logger';
import type { UpdateSettings, UpdateSettingsStore } from './settingsFile';
import type { UpdateInfoLike, UpdaterLike } from './updater';
import { releaseNotesText, updateErrorWords } from './words';

/** "Every few hours": store offices run all day, and a release a morning is the most we ship. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** The same shape as the sync engine's pacing clock (../sync/rateLimiter.ts), so tests move it by hand. */
export interface UpdateClock {
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface UpdateServiceOptions {
  updater: UpdaterLike;
  settings: UpdateSettingsStore;
  /** Waits until nothing is being sent and sync has stopped (the quit gate's cleanup). */
  prepareForInstall: () => Promise<void>;
  /**
   * The install failed after `prepareForInstall` stopped sync: the app restarts on its current version rather
   * than stay open without sync. Default: nothing (tests).
   */
  restartAfterFailedInstall?: () => void;
  clock?: UpdateClock;
  intervalMs?: number;
  logger?: AppLogger;
}

export interface UpdateService {
  status(): UpdateStatus;
  subscribe(listener: (status: UpdateStatus) => void): () => void;
  /** The first check now, then one every `intervalMs` after the last ended, until stop(). */
  start(): void;
  stop(): void;
  /** One check (joining one under way); a newer version starts downloading in the background. */
  checkNow(): Promise<UpdateStatus>;
  setChannel(channel: UpdateChannel): Promise<UpdateStatus>;
  installWhenSafe(): Promise<UpdateInstallAnswer>;
}

const REAL_CLOCK: UpdateClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    }),
};

export async function createUpdateService(options: UpdateServiceOptions): Promise<UpdateService> {
  const { updater } = options;
  const clock = options.clock ?? REAL_CLOCK;
  const logger = options.logger ?? SILENT_APP_LOGGER;
  const intervalMs = options.intervalMs ?? CHECK_INTERVAL_MS;
  const listeners = new Set<(status: UpdateStatus) => void>();

  let settings: UpdateSettings = await options.settings.load();
  let state: UpdateState = { kind: 'idle' };
  let installing = false;
  let checking: Promise<UpdateStatus> | undefined;
  let downloading: Promise<void> | undefined;
  let loop: AbortController | undefined;
  let saving: Promise<void> = Promise.resolve();

  // This module starts the download itself (so "available" and "downloading" are states it sets), and never
  // goes back a version: a database written by a newer version cannot be opened by an older one.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  updater.logger = {
    info: (message) => logger.info('updater', { message: String(message) }),
    warn: (message) => logger.warn('updater', { message: String(message) }),
    error: (message) => logger.error('updater', { message: String(message) }),
  };
  // Until someone chooses, a beta build (1.5.0-beta.1) stays on beta and a stable one on stable.
  const defaultChannel: UpdateChannel = updater.currentVersion.version.includes('-') ? 'beta' : 'stable';
  const channel = () => settings.channel ?? defaultChannel;
  applyChannel(channel());

  function applyChannel(chosen: UpdateChannel) {
    updater.channel = chosen === 'beta' ? 'beta' : 'latest';
    updater.allowPrerelease = chosen === 'beta';
    // Setting a channel turns allowDowngrade on (AppUpdater.d.ts); a downgrade is never wanted here.
    updater.allowDowngrade = false;
  }

  const status = (): UpdateStatus => ({
    supported: true,
    currentVersion: updater.currentVersion.version,
    channel: channel(),
    state,
    lastCheck: settings.lastCheck,
    installing,
  });

  function publish() {
    const current = status();
    for (const listener of listeners) {
      try {
        listener(current);
      } catch (error) {
        logger.error('update status listener failed', { error });
      }
    }
  }

  function setState(next: UpdateState) {
    state = next;
    publish();
  }

  function remember(change: Partial<UpdateSettings>) {
    settings = { ...settings, ...change };
    const next = settings;
    saving = saving
      .then(() => options.settings.save(next))
      .catch((error: unknown) => logger.warn('update settings not saved', { error }));
    publish();
  }

  function recordCheck(ok: boolean, result: string) {
    const check: UpdateCheck = { at: new Date(clock.now()).toISOString(), ok, result };
    remember({ lastCheck: check });
  }

  /** Why a check found nothing to download, in words. */
  function nothingNewer(info: UpdateInfoLike): string {
    const current = updater.currentVersion.version;
    const newer = updater.currentVersion.compare(info.version) < 0;
    if (newer && typeof info.stagingPercentage === 'number') {
      return `Version ${info.version} is being rolled out gradually (${info.stagingPercentage} % of installations); this computer is not in it yet.`;
    }
    if (newer) return `Version ${info.version} cannot be installed on this computer.`;
    if (older(info)) return olderWords(info);
    return `Dockhand ${current} is the latest version on the ${channel()} channel.`;
  }

  /** A feed offering an older version than this one (a rollback published, or a wrong feed). */
  const older = (info: UpdateInfoLike) => updater.currentVersion.compare(info.version) > 0;
  const olderWords = (info: UpdateInfoLike) =>
    `The update server offers version ${info.version}, older than this one (${updater.currentVersion.version}): Dockhand never goes back a version.`;

  const onProgress = ({ percent }: { percent: number }) => {
    if (state.kind !== 'downloading' || !Number.isFinite(percent)) return;
    const rounded = Math.max(0, Math.min(100, Math.floor(percent)));
    if (rounded !== state.percent) setState({ ...state, percent: rounded });
  };
  updater.on('download-progress', onProgress);

  function download(info: UpdateInfoLike): Promise<void> {
    const version = info.version;
    const releaseNotes = releaseNotesText(info.releaseNotes);
    setState({ kind: 'downloading', version, percent: 0 });
    downloading ??= updater
      .downloadUpdate()
      .then(
        () => {
          logger.info('update downloaded', { version });
          setState({ kind: 'ready', version, releaseNotes });
        },
        (error: unknown) => {
          logger.warn('update download failed', { version, error });
          setState({ kind: 'error', message: updateErrorWords(error, 'download') });
        },
      )
      .finally(() => {
        downloading = undefined;
      });
    return downloading;
  }

  async function check(): Promise<UpdateStatus> {
    // A download under way is not interrupted (its version is what this check would find), and nothing new
    // is fetched once an install is under way: it installs what was downloaded.
    if (downloading || installing) return status();
    const before = state;
    if (before.kind !== 'ready') setState({ kind: 'checking' });
    try {
      const result = await updater.checkForUpdates();
      if (!result) {
        recordCheck(false, 'Updates are turned off in this build of Dockhand.');
        if (before.kind !== 'ready') setState({ kind: 'idle' });
        return status();
      }
      const info = result.updateInfo;
      if (!result.isUpdateAvailable) {
        logger.info('update check: nothing newer', {
          latest: info.version,
          staging: info.stagingPercentage ?? null,
        });
        recordCheck(true, nothingNewer(info));
        if (before.kind !== 'ready') setState({ kind: 'idle' });
        return status();
      }
      if (older(info) || updater.currentVersion.compare(info.version) === 0) {
        // Never, whatever the updater says (electron-updater allows downgrades whenever its channel is set):
        // a database written by this version cannot be opened by an older one.
        logger.warn('update check: downgrade refused', { offered: info.version });
        recordCheck(true, nothingNewer(info));
        if (before.kind !== 'ready') setState({ kind: 'idle' });
        return status();
      }
      if (before.kind === 'ready' && before.version === info.version) {
        recordCheck(true, `Version ${info.version} is downloaded and ready to install.`);
        return status();
      }
      logger.info('update available', { version: info.version });
      recordCheck(true, `Version ${info.version} is available.`);
      setState({
        kind: 'available',
        version: info.version,
        releaseNotes: releaseNotesText(info.releaseNotes),
      });
      void download(info);
      return status();
    } catch (error) {
      logger.warn('update check failed', { error });
      const words = updateErrorWords(error, 'check');
      recordCheck(false, words);
      // An update already downloaded stays installable whatever this check met.
      if (before.kind !== 'ready') setState({ kind: 'error', message: words });
      return status();
    }
  }

  function checkNow(): Promise<UpdateStatus> {
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  return {
    status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (loop) return;
      const controller = new AbortController();
      loop = controller;
      void (async () => {
        while (!controller.signal.aborted) {
          await checkNow();
          try {
            await clock.sleep(intervalMs, controller.signal);
          } catch {
            return;
          }
        }
      })();
    },
    stop() {
      loop?.abort(new Error('Update checks stopped'));
      loop = undefined;
      updater.off('download-progress', onProgress);
    },
    checkNow,
    async setChannel(chosen) {
      if (chosen !== settings.channel) {
        applyChannel(chosen);
        remember({ channel: chosen });
        logger.info('update channel changed', { channel: chosen });
      }
      await saving;
      return status();
    },
    async installWhenSafe() {
      if (state.kind !== 'ready') {
        return { started: false, reason: 'No update has been downloaded yet.' };
      }
      if (installing) return { started: true };
      const { version } = state;
      installing = true;
      publish();
      logger.info('update install requested: waiting for the requests in flight', { version });
      try {
        await options.prepareForInstall();
      } catch (error) {
        // Whatever the cleanup met, the gate's own rule holds: the outbox is on disk, the app may restart.
        logger.error('update install: preparing to quit failed', { error });
      }
      // electron-updater reports an install that could not start as an 'error' event, from inside the call.
      let failure: unknown;
      const onError = (error: Error) => (failure ??= error);
      updater.on('error', onError);
      try {
        logger.info('update installing', { version });
        updater.quitAndInstall(false, true);
      } catch (error) {
        failure ??= error;
      } finally {
        updater.off('error', onError);
      }
      if (failure === undefined) return { started: true };
      logger.error('update install failed', { version, error: failure });
      installing = false;
      const message = updateErrorWords(failure, 'install');
      setState({ kind: 'error', message });
      options.restartAfterFailedInstall?.();
      return { started: false, reason: message };
    },
  };
}
