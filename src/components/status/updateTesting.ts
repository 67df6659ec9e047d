/**
 * Test support for the update views (imported only by *.browser.test.svelte.ts): a host bridge that answers
 * the update commands from a status the test sets, records what was asked, and can push `update.status`
 * events as the main side does. The views under test get a real AppUpdates over it.
 */
import type { BridgeEvent, DockhandBridge } from '../../bridge/contract';
import type { UpdateStatus } from '../../bridge/updateStatus';

export const READY_STATUS: UpdateStatus = {
  supported: true,
  currentVersion: '1.3.2',
  channel: 'stable',
  state: { kind: 'ready', version: '1.4.0', releaseNotes: 'Faster receiving.\nFixes the label printer.' },
  lastCheck: { at: new Date().toISOString(), ok: true, result: 'Version 1.4.0 is available.' },
  installing: false,
};

export function updateBridge(initial: UpdateStatus) {
  let status = initial;
  const invoked: [string, unknown][] = [];
  const listeners = new Set<(event: BridgeEvent) => void>();
  const answer = (command: string, payload: unknown): unknown => {
    switch (command) {
      case 'update.setChannel':
        status = { ...status, channel: (payload as { channel: UpdateStatus['channel'] }).channel };
        return status;
      case 'update.check':
        status = {
          ...status,
          state: { kind: 'idle' },
          lastCheck: {
            at: new Date().toISOString(),
            ok: false,
            result: 'Could not check for updates: the update server failed (500). Try again later.',
          },
        };
        return status;
      case 'update.install':
        status = { ...status, installing: true };
        return { started: true };
      default:
        return status;
    }
  };
  const bridge: DockhandBridge = {
    invoke: (command, payload) => {
      invoked.push([command, payload]);
      return Promise.resolve({ ok: true, value: answer(command, payload) } as never);
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serveStore: () => () => {},
  };
  return {
    bridge,
    invoked,
    /** What the main side would broadcast next. */
    push(next: UpdateStatus) {
      status = next;
      for (const listener of listeners) listener({ event: 'update.status', payload: next });
    },
  };
}
