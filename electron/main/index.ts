/**
 * Electron main: a thin shell. App lifecycle, one secured window, and the wiring of electron/core's pieces to
 * the real Electron objects: the main bridge over IPC, the safeStorage secret box, the online signal, the
 * redacting log file, the menu, app updates (electron-updater, packaged only) and an orderly quit. Everything
 * with logic lives in electron/core (Node) or src/ (pure/DOM), where it is tested without the Electron binary.
 */
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  net,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import type { Simulator } from '../../server/index';
import { netFetch } from '../core/api/netFetch';
import type { AppLogger } from '../core/bridge/logger';
import { createMainBridge } from '../core/bridge/mainBridge';
import { createFileLogger } from '../core/log/fileLogger';
import { createPrintService } from '../core/print/printService';
import { printSettingsFile } from '../core/print/settingsFile';
import { createRedactor } from '../core/log/redact';
import { RedactingSecretBox } from '../core/log/redactingSecretBox';
import { safeStorageCipher } from '../core/secrets/cipher';
import { mountIpcBridge, type MountedIpcBridge } from '../core/shell/ipcBridge';
import { appMenuTemplate } from '../core/shell/menu';
import { electronOnlineSignal } from '../core/shell/onlineSignal';
import { APP_ENTRY_URL, APP_SCHEME } from '../core/shell/origin';
import { shellPolicy } from '../core/shell/packagedPolicy';
import { holdQuitUntil } from '../core/shell/quitGate';
import { rendererProtocolHandler } from '../core/shell/rendererProtocol';
import { trustedSenderCheck } from '../core/shell/trustedSender';
import { navigationPolicy } from '../core/shell/guards';
import {
  enforcePermissionPolicy,
  guardEveryWebContents,
  secureWebPreferences,
} from '../core/shell/windowSecurity';
import { safeToInstall } from '../core/update/safeToInstall';
import { updateSettingsFile } from '../core/update/settingsFile';
import { UNPACKAGED_REASON, unsupportedUpdates } from '../core/update/unsupported';
import { createUpdateService, type UpdateService } from '../core/update/updateService';

// Must happen before `ready`: a standard, secure scheme gets a real origin and the fetch API.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const isDev = !app.isPackaged;
/**
 * DevTools, the simulator's control API, the profile folder and electron-vite's dev server URL: honoured only
 * unpackaged, so a shipped app cannot be opened up or redirected by its environment.
 */
const policy = shellPolicy(app.isPackaged, process.env);

// End-to-end specs give every run its own profile (credentials, database, demo data).
if (policy.userDataDir) app.setPath('userData', policy.userDataDir);
const devUrl = policy.devServerUrl;

/** Where blocked attempts are reported: the log file once it exists (start), stderr before. */
let reportBlocked = (what: string, url: string) => console.warn(`dockhand: blocked ${what} ${url}`);
// Before anything exists: every web contents (the window, DevTools, whatever else ever opens) is hardened as it is
// created: no new windows, no navigation off the app's origin, no webviews (core/shell/guards.ts decides).
guardEveryWebContents(app, (what, url) => reportBlocked(what, url), navigationPolicy(devUrl));

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    title: 'Dockhand',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs'), policy),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devUrl ?? APP_ENTRY_URL);
  return window;
}

/** The menu's "Sync now": the `sync.now` command on behalf of the focused window, as if it had clicked. */
async function syncNow(ipc: MountedIpcBridge, logger: AppLogger): Promise<void> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  if (!window) return;
  const result = await ipc.dispatchAs(window.webContents, { command: 'sync.now', payload: {} });
  if (!result.ok)
    logger.warn('menu sync now refused', { code: result.error.code, message: result.error.message });
}

async function openLogs(logger: AppLogger): Promise<void> {
  const problem = await shell.openPath(app.getPath('logs'));
  if (problem) logger.warn('could not open the logs folder', { problem });
}

/**
 * electron-updater's autoUpdater, in an installed app only: an unpackaged one has no app-update.yml and
 * nothing to replace. Loaded on demand: reading `autoUpdater` builds the platform's updater. A failure to
 * start updates is logged and shown in Settings; it never stops the app.
 */
async function appUpdates(
  logger: AppLogger,
  file: string,
  prepareForInstall: () => Promise<void>,
): Promise<UpdateService> {
  if (!app.isPackaged) return unsupportedUpdates(app.getVersion(), UNPACKAGED_REASON);
  try {
    const { autoUpdater } = (await import('electron-updater')).default;
    return await createUpdateService({
      updater: autoUpdater,
      settings: updateSettingsFile(file),
      prepareForInstall,
      // Sync was stopped for an install that then failed: restart on this version rather than stay unsynced.
      restartAfterFailedInstall: () => {
        app.relaunch();
        app.quit();
      },
      logger,
    });
  } catch (error) {
    logger.error('updates could not start', { error });
    return unsupportedUpdates(app.getVersion(), 'Updates could not start on this computer: see the log.');
  }
}

/** After `ready`: safeStorage, net and the logs path are only usable from then on. */
async function start(): Promise<void> {
  protocol.handle(APP_SCHEME, rendererProtocolHandler(join(import.meta.dirname, '../renderer')));
  const redactor = createRedactor();
  const logger = createFileLogger({ dir: app.getPath('logs'), redactor, ...(isDev ? { console } : {}) });
  reportBlocked = (what, url) => logger.warn('blocked', { what, url });
  // Browser permissions and devices: only what the renderer uses (nothing today, core/shell/guards.ts).
  enforcePermissionPolicy(session.defaultSession, (permission) =>
    logger.warn('permission denied', { permission }),
  );
  logger.info('app started', { version: app.getVersion(), platform: process.platform, packaged: !isDev });
  // A clerk's download (a list's CSV) asks where to save it: Electron's default. Under the e2e control only,
  // it is saved in the data dir and announced on stdout, as Playwright cannot answer the system dialog.
  if (policy.demoControl) {
    session.defaultSession.on('will-download', (_event, item) => {
      const path = join(app.getPath('userData'), 'downloads', item.getFilename());
      item.setSavePath(path);
      item.once('done', (_done, state) => console.log(`DOCKHAND_DOWNLOADED ${state} ${path}`));
    });
  }

  const userData = app.getPath('userData');
  // The box registers every key it saves or loads with the redactor, so no log line can carry it.
  const secrets = new RedactingSecretBox(
    safeStorageCipher(safeStorage, process.platform),
    join(userData, 'connection.bin'),
    redactor,
  );
  const online = electronOnlineSignal(
    { net, powerMonitor },
    { onListenerError: (error) => logger.error('online listener failed', { error }) },
  );
  let quitting: Promise<void> | undefined;
  /** Runs once: when the quit gate holds a quit, or before an update installs (whichever comes first). */
  const quitCleanup = () =>
    (quitting ??= (async () => {
      updates.stop();
      // The engine stops first, while the windows still answer its last store writes; then the links close.
      await bridge.close();
      await ipc.dispose();
      online.dispose();
      logger.info('app quit');
    })());
  // Never while ops are being sent: the engine drains first (no new op starts), then the same cleanup as a quit.
  const updates = await appUpdates(logger, join(userData, 'update.json'), () =>
    safeToInstall(bridge, quitCleanup)(),
  );
  const bridge = createMainBridge<Simulator>({
    host: 'electron',
    name: app.getName(),
    version: app.getVersion(),
    secrets,
    dataDir: userData,
    online,
    logger,
    // A key only tried by "Test connection" and every issued token: the box never sees them.
    onSecret: (secret) => redactor.addSecret(secret),
    // API calls (sync, Test connection) through Chromium's network stack: system proxy, PAC, OS certificates.
    fetch: netFetch(net),
    updates,
    // Settings → Printing's printers, kept on this PC beside update.json; prints the asking window.
    printing: createPrintService({ settings: printSettingsFile(join(userData, 'print.json')), logger }),
    demo: {
      // Loaded on first use: most sessions never start the demo, and the simulator is not small.
      startSimulator: async (options) => (await import('../../server/index')).startSimulator(options),
      control: policy.demoControl,
      onStarted: ({ controlUrl }) => {
        // e2e reads this line from stdout to steer the simulator's faults.
        if (controlUrl) console.log(`DOCKHAND_SIM_CONTROL ${controlUrl}`);
      },
    },
  });
  const ipc = mountIpcBridge({ ipcMain, bridge, isTrustedSender: trustedSenderCheck(devUrl), logger });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        platform: process.platform,
        appName: app.getName(),
        isDev,
        onSyncNow: () => void syncNow(ipc, logger),
        onOpenLogs: () => void openLogs(logger),
      }),
    ),
  );

  holdQuitUntil(app, quitCleanup, {
    onError: (error) => logger.error('quit cleanup incomplete', { error }),
  });

  createWindow();
  updates.start();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // Without its bridge the window would be a dead form: say why and leave instead.
      console.error('dockhand: startup failed', error);
      app.exit(1);
    });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
