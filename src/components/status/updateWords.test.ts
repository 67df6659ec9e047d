import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../bridge/updateStatus';
import { lastCheckText, updateStateText } from './updateWords';

const base: UpdateStatus = {
  supported: true,
  currentVersion: '1.3.2',
  channel: 'stable',
  state: { kind: 'idle' },
  lastCheck: null,
  installing: false,
};

describe('updateWords', () => {
  it('says where the updater is, and nothing when idle', () => {
    const text = (state: UpdateStatus['state'], installing = false) =>
      updateStateText({ ...base, state, installing });
    expect(text({ kind: 'idle' })).toBeNull();
    expect(text({ kind: 'checking' })).toBe('Checking for updates…');
    expect(text({ kind: 'downloading', version: '1.4.0', percent: 42 })).toBe(
      'Downloading version 1.4.0 (42 %)…',
    );
    expect(text({ kind: 'ready', version: '1.4.0', releaseNotes: null })).toBe(
      'Version 1.4.0 is ready to install.',
    );
    expect(text({ kind: 'ready', version: '1.4.0', releaseNotes: null }, true)).toMatch(
      /^Restarting to install version 1\.4\.0 once the changes being sent have been sent/,
    );
    expect(text({ kind: 'error', message: 'The update server failed (500).' })).toBe(
      'The update server failed (500).',
    );
  });

  it('dates the last check and gives its result', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(lastCheckText(null, now)).toBe('Never');
    expect(
      lastCheckText({ at: '2026-11-25T11:58:00.000Z', ok: true, result: 'Version 1.4.0 is available.' }, now),
    ).toMatch(/: Version 1\.4\.0 is available\.$/);
  });
});
