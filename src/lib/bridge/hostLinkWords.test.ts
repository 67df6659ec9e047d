import { describe, expect, it } from 'vitest';
import { hostLinkText } from './hostLinkWords';

describe('hostLinkText', () => {
  it('says nothing while the link is open or first connecting', () => {
    expect(hostLinkText({ state: 'open' })).toBeNull();
    expect(hostLinkText({ state: 'connecting' })).toBeNull();
  });

  it('says reconnecting, then that the host cannot be reached, then what to do after a restart', () => {
    expect(hostLinkText({ state: 'reconnecting', attempts: 1, refused: false })).toBe(
      'Reconnecting to Dockhand…',
    );
    expect(hostLinkText({ state: 'reconnecting', attempts: 3, refused: false })).toMatch(
      /^Cannot reach Dockhand on this computer: is it still running\?/,
    );
    expect(hostLinkText({ state: 'reconnecting', attempts: 2, refused: true })).toMatch(
      /^Dockhand was restarted: open it again from the address it shows/,
    );
  });
});
