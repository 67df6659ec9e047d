import { describe, expect, it } from 'vitest';
import { shellPolicy } from './packagedPolicy';
import { secureWebPreferences } from './windowSecurity';

const everything = {
  DOCKHAND_DEMO_CONTROL: '1',
  DOCKHAND_USER_DATA: '/tmp/profile',
  ELECTRON_RENDERER_URL: 'http://localhost:5173/',
};

describe('packaged policy', () => {
  it('ignores every development switch in a packaged app, whatever the environment says', () => {
    const policy = shellPolicy(true, everything);
    expect(policy).toEqual({
      devTools: false,
      demoControl: false,
      userDataDir: undefined,
      devServerUrl: undefined,
    });
    expect(secureWebPreferences('/app/preload.cjs', policy).devTools).toBe(false);
  });

  it('honours the switches in an unpackaged run (npm start, end-to-end specs)', () => {
    const policy = shellPolicy(false, everything);
    expect(policy).toEqual({
      devTools: true,
      demoControl: true,
      userDataDir: '/tmp/profile',
      devServerUrl: 'http://localhost:5173/',
    });
    expect(secureWebPreferences('/app/preload.cjs', policy).devTools).toBe(true);
  });

  it('turns the control API on only for exactly "1" and treats empty paths as unset', () => {
    expect(shellPolicy(false, {})).toEqual({
      devTools: true,
      demoControl: false,
      userDataDir: undefined,
      devServerUrl: undefined,
    });
    const loose = shellPolicy(false, { DOCKHAND_DEMO_CONTROL: 'true', DOCKHAND_USER_DATA: '' });
    expect(loose.demoControl).toBe(false);
    expect(loose.userDataDir).toBeUndefined();
  });
});
