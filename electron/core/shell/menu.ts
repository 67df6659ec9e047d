/**
 * The application menu as plain data. Electron's standard roles do the work (their labels, accelerators and
 * platform behaviour come for free); Dockhand adds two commands: "Sync now" and "Open logs folder". Reload and
 * the developer tools are offered only in development: in the shipped app a reload mid-receipt helps nobody.
 * The shape is a subset of Electron's MenuItemConstructorOptions, so electron/main passes it straight to
 * `Menu.buildFromTemplate` and tests read it without Electron.
 */

export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'window'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'help';

export interface MenuItemTemplate {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemTemplate[];
}

export interface AppMenuOptions {
  /** `process.platform`: macOS gets the app menu and its Window conventions. */
  platform: string;
  appName: string;
  onSyncNow: () => void;
  onOpenLogs: () => void;
  isDev: boolean;
}

/** Sync now. Not Ctrl+R, which every Chromium user knows as reload. */
export const SYNC_NOW_ACCELERATOR = 'CmdOrCtrl+Shift+S';

/** A fresh object each time: Electron builds one MenuItem per template object. */
const separator = (): MenuItemTemplate => ({ type: 'separator' });

export function appMenuTemplate(options: AppMenuOptions): MenuItemTemplate[] {
  const mac = options.platform === 'darwin';
  const appMenu: MenuItemTemplate = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      separator(),
      { role: 'services' },
      separator(),
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator(),
      { role: 'quit' },
    ],
  };
  const file: MenuItemTemplate = {
    label: 'File',
    submenu: [
      { label: 'Sync now', accelerator: SYNC_NOW_ACCELERATOR, click: options.onSyncNow },
      separator(),
      // macOS quits from the app menu; File offers closing the window, as every Mac app does.
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const edit: MenuItemTemplate = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator(),
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const devTools: MenuItemTemplate[] = options.isDev
    ? [{ role: 'reload' }, { role: 'toggleDevTools' }, separator()]
    : [];
  const view: MenuItemTemplate = {
    label: 'View',
    submenu: [
      ...devTools,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator(),
      { role: 'togglefullscreen' },
    ],
  };
  const window: MenuItemTemplate = {
    label: 'Window',
    // role 'window' lets macOS add its list of open windows.
    ...(mac ? { role: 'window' as const } : {}),
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator(), { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
  const help: MenuItemTemplate = {
    label: 'Help',
    role: 'help',
    submenu: [{ label: 'Open logs folder', click: options.onOpenLogs }],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, window, help];
}
