import { describe, expect, it } from 'vitest';
import { appMenuTemplate, SYNC_NOW_ACCELERATOR, type AppMenuOptions, type MenuItemTemplate } from './menu';

function template(overrides: Partial<AppMenuOptions> = {}) {
  const calls: string[] = [];
  const menu = appMenuTemplate({
    platform: 'linux',
    appName: 'Dockhand',
    onSyncNow: () => calls.push('sync'),
    onOpenLogs: () => calls.push('logs'),
    isDev: false,
    ...overrides,
  });
  return { menu, calls };
}

/** Each top-level menu as its label and the roles / labels of its items ('-' for a separator). */
function outline(menu: MenuItemTemplate[]) {
  return Object.fromEntries(
    menu.map((top) => [
      top.label,
      (top.submenu ?? []).map((item) => (item.type === 'separator' ? '-' : (item.role ?? item.label))),
    ]),
  );
}

const find = (menu: MenuItemTemplate[], label: string) =>
  menu.flatMap((top) => top.submenu ?? []).find((item) => item.label === label);

describe('appMenuTemplate', () => {
  it('gives Windows and Linux File, Edit, View, Window and Help, without developer items', () => {
    const { menu } = template();
    expect(outline(menu)).toEqual({
      File: ['Sync now', '-', 'quit'],
      Edit: ['undo', 'redo', '-', 'cut', 'copy', 'paste', 'selectAll'],
      View: ['resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'],
      Window: ['minimize', 'close'],
      Help: ['Open logs folder'],
    });
    expect(menu.find((top) => top.label === 'Window')?.role).toBeUndefined();
  });

  it('gives macOS the app menu, Close in File and the Window conventions', () => {
    const { menu } = template({ platform: 'darwin' });
    expect(menu.map((top) => top.label)).toEqual(['Dockhand', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(outline(menu)).toMatchObject({
      Dockhand: ['about', '-', 'services', '-', 'hide', 'hideOthers', 'unhide', '-', 'quit'],
      File: ['Sync now', '-', 'close'],
      Window: ['minimize', 'zoom', '-', 'front'],
    });
    expect(menu.find((top) => top.label === 'Window')?.role).toBe('window');
    expect(menu.find((top) => top.label === 'Help')?.role).toBe('help');
  });

  it('offers reload and the developer tools only in development', () => {
    expect(outline(template({ isDev: true }).menu)['View']).toEqual([
      'reload',
      'toggleDevTools',
      '-',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      '-',
      'togglefullscreen',
    ]);
    const roles = JSON.stringify(template({ isDev: false }).menu);
    expect(roles).not.toContain('reload');
    expect(roles).not.toContain('toggleDevTools');
  });

  it('wires Sync now (CmdOrCtrl+Shift+S) and Open logs folder to their callbacks', () => {
    const { menu, calls } = template();
    const sync = find(menu, 'Sync now');
    expect(sync?.accelerator).toBe(SYNC_NOW_ACCELERATOR);
    expect(SYNC_NOW_ACCELERATOR).toBe('CmdOrCtrl+Shift+S');
    sync?.click?.();
    find(menu, 'Open logs folder')?.click?.();
    expect(calls).toEqual(['sync', 'logs']);
  });

  it('never shares one item object between places (Electron builds one MenuItem per object)', () => {
    const { menu } = template({ platform: 'darwin', isDev: true });
    const items = menu.flatMap((top) => top.submenu ?? []);
    expect(new Set(items).size).toBe(items.length);
  });
});
