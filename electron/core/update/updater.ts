/**
 * The members of electron-updater's `AppUpdater` (electron-updater 6, node_modules/electron-updater/out/
 * AppUpdater.d.ts) this module uses, so the update logic takes the updater as a parameter, like the shell's
 * security setup takes Electron's objects (../shell/windowSecurity.ts), and runs in plain Node tests with a
 * real AppUpdater built on a test app adapter.
 */

/** A release note per version, as electron-updater gives them when a feed carries several. */
export interface ReleaseNoteLike {
  readonly version: string;
  readonly note: string | null;
}

/** The parts of electron-updater's UpdateInfo (a channel file such as `latest-linux.yml`) read here. */
export interface UpdateInfoLike {
  readonly version: string;
  readonly releaseNotes?: string | readonly ReleaseNoteLike[] | null;
  /** 0–100: the share of installations offered this version (electron-updater decides which ones). */
  readonly stagingPercentage?: number;
}

export interface UpdateCheckResultLike {
  readonly isUpdateAvailable: boolean;
  readonly updateInfo: UpdateInfoLike;
}

export interface UpdaterLoggerLike {
  info(message?: unknown): void;
  warn(message?: unknown): void;
  error(message?: unknown): void;
  debug?(message: string): void;
}

export interface UpdaterLike {
  /** Set false: this module starts the download itself, so it owns the state from check to ready. */
  autoDownload: boolean;
  /** Left true: an update downloaded but not yet installed goes in when the app quits (after the quit gate). */
  autoInstallOnAppQuit: boolean;
  allowPrerelease: boolean;
  allowDowngrade: boolean;
  /** The feed's channel file: `latest` reads `latest-linux.yml` (or `latest.yml`…), `beta` `beta-linux.yml`. */
  channel: string | null;
  logger: UpdaterLoggerLike | null;
  readonly currentVersion: { readonly version: string; compare(other: string): number };
  /** null when the updater is inactive (an unpackaged app). Rejects when the feed cannot be read. */
  checkForUpdates(): Promise<UpdateCheckResultLike | null>;
  /** Downloads the update the last check found, verifying its sha512; resolves with the file paths. */
  downloadUpdate(): Promise<string[]>;
  /** Installs the downloaded update and quits (then restarts, with `isForceRunAfter`). */
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}
