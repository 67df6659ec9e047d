/**
 * The update service of a host without an updater: the browser host (`npm run start:web`) and an unpackaged
 * desktop app. It answers every update command with `supported: false` and the reason, in words.
 */
import type { UpdateStatus } from '../../../src/bridge/updateStatus';
import type { UpdateService } from './updateService';

export const BROWSER_HOST_REASON =
  'Updates come with the Dockhand desktop app. This browser version is updated with the code it runs from.';
export const UNPACKAGED_REASON =
  'This is a development build of Dockhand: installed copies update themselves.';

export function unsupportedUpdates(currentVersion: string, reason: string): UpdateService {
  const status: UpdateStatus = {
    supported: false,
    unsupportedReason: reason,
    currentVersion,
    channel: 'stable',
    state: { kind: 'idle' },
    lastCheck: null,
    installing: false,
  };
  return {
    status: () => status,
    subscribe: () => () => {},
    start: () => {},
    stop: () => {},
    checkNow: () => Promise.resolve(status),
    setChannel: () => Promise.resolve(status),
    installWhenSafe: () => Promise.resolve({ started: false, reason }),
  };
}
