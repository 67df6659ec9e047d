/**
 * The simulator's HTTP server keeps idle keep-alive connections far longer than Node's 5 s default, and says
 * so to clients (the Keep-Alive header undici and browsers time their pooled sockets by), so a busy client's
 * gap between two requests never meets a connection the server has just closed. Read from the server object
 * and from a real answer: nothing here waits on the wall clock.
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS, SwitchableServer } from './listener';

let server: SwitchableServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function request(agent: Agent, port: number): Promise<{ response: IncomingMessage; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ response, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('SwitchableServer timeouts', () => {
  it('keeps idle connections past a busy client’s gaps, header timeout above it', async () => {
    server = new SwitchableServer((_req, res) => res.end('ok'));
    await server.listen(0);
    expect(server.timeouts).toEqual(SERVER_TIMEOUTS);
    expect(server.timeouts.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    expect(server.timeouts.headersTimeout).toBeGreaterThan(server.timeouts.keepAliveTimeout);
    expect(server.timeouts.requestTimeout).toBeGreaterThanOrEqual(server.timeouts.headersTimeout);
  });

  it('announces the long keep-alive to clients and reuses the connection', async () => {
    server = new SwitchableServer((_req, res) => res.end('ok'));
    await server.listen(0);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await request(agent, server.port);
      expect(first.response.headers['keep-alive']).toBe(
        `timeout=${Math.floor(SERVER_TIMEOUTS.keepAliveTimeout / 1000)}`,
      );
      const second = await request(agent, server.port);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
