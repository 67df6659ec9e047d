import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from './origin';
import { trustedSenderCheck } from './trustedSender';

describe('trustedSenderCheck', () => {
  it('trusts only the app origin top frame without a dev server', () => {
    const trusted = trustedSenderCheck();
    expect(trusted({ url: APP_ENTRY_URL })).toBe(true);
    expect(trusted({ url: 'http://localhost:5173/' })).toBe(false);
    expect(trusted(null)).toBe(false);
  });

  it('also trusts the loopback dev server top frame, same origin only', () => {
    const trusted = trustedSenderCheck('http://localhost:5173');
    expect(trusted({ url: APP_ENTRY_URL })).toBe(true);
    expect(trusted({ url: 'http://localhost:5173/#/orders' })).toBe(true);
    expect(trusted({ url: 'http://localhost:5173/', parent: {} })).toBe(false);
    expect(trusted({ url: 'http://localhost:5174/' })).toBe(false);
    expect(trusted({ url: 'http://localhost.evil.example:5173/' })).toBe(false);
    expect(trusted({ url: 'not a url' })).toBe(false);
  });

  it('never trusts a dev server URL that is not on a loopback host', () => {
    const trusted = trustedSenderCheck('https://evil.example/');
    expect(trusted({ url: 'https://evil.example/' })).toBe(false);
    expect(trustedSenderCheck('file:///tmp/index.html')({ url: 'file:///tmp/index.html' })).toBe(false);
  });
});
