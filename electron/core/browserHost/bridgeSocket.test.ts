import { describe, expect, it } from 'vitest';
import { WEB_BRIDGE_PATH } from '../../../src/bridge/contract';
import type { BrowserHost } from './host';
import { hostForTests, rawRequest } from './testing';

/**
 * A raw upgrade request with the right Origin and token but any Host header: a WebSocket client always sends
 * the Host of the URL it dials, and a DNS-rebinding page dials the host's port under another name.
 */
async function upgradeWithHost(host: BrowserHost, hostHeader: string): Promise<number> {
  const answer = await rawRequest(host, `${WEB_BRIDGE_PATH}?token=${host.token}`, {
    headers: {
      host: hostHeader,
      origin: host.origin,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
    },
  });
  return answer.status;
}

const host = hostForTests();

describe('attachBridgeSocket: the Host header', () => {
  it('refuses an upgrade addressed to another host name with 421, even with the right Origin and token', async () => {
    const { port } = new URL(host().origin);
    expect(await upgradeWithHost(host(), `evil.example:${port}`)).toBe(421);
    expect(await upgradeWithHost(host(), `localhost:${port}`)).toBe(421);
    expect(await upgradeWithHost(host(), '127.0.0.1')).toBe(421);
  });

  it('accepts the host’s own name', async () => {
    expect(await upgradeWithHost(host(), new URL(host().origin).host)).toBe(101);
  });
});
