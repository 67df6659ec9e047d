/**
 * What an unpackaged run (`npm start`, the end-to-end specs) may do that an installed app must not: open
 * DevTools, expose the demo simulator's control API, take its profile folder or its renderer URL from the
 * environment. One decision from `app.isPackaged`, made here so a unit test covers it without Electron: on a
 * store office PC nobody can turn these on by setting an environment variable.
 */
export interface ShellPolicy {
  /** webPreferences.devTools and the View menu's DevTools entries. */
  readonly devTools: boolean;
  /** `DOCKHAND_DEMO_CONTROL=1`: the simulator's fault and clock control API (e2e steers the demo with it). */
  readonly demoControl: boolean;
  /** `DOCKHAND_USER_DATA`: a profile of its own for each end-to-end run. */
  readonly userDataDir: string | undefined;
  /** `ELECTRON_RENDERER_URL`: electron-vite's dev server. */
  readonly devServerUrl: string | undefined;
}

export function shellPolicy(
  isPackaged: boolean,
  env: Readonly<Record<string, string | undefined>>,
): ShellPolicy {
  if (isPackaged) {
    return { devTools: false, demoControl: false, userDataDir: undefined, devServerUrl: undefined };
  }
  return {
    devTools: true,
    demoControl: env['DOCKHAND_DEMO_CONTROL'] === '1',
    userDataDir: env['DOCKHAND_USER_DATA'] || undefined,
    devServerUrl: env['ELECTRON_RENDERER_URL'] || undefined,
  };
}
