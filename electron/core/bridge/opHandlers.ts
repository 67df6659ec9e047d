/**
 * The sync centre's actions on one op (retry, edit, discard, resolve): the running engine's user actions,
 * which change the store through the serving renderer and wake the engine. Each change is announced as
 * `ops.changed` with every op it affected (dependents unblocked or discarded too), for the UI's toasts.
 */
import type { BridgeHandlers } from '../../../src/bridge/dispatch';
import type { SyncEngine } from '../sync/engine';
import type { RendererLink } from './rendererLink';

type OpCommand = 'op.retry' | 'op.edit' | 'op.discardPreview' | 'op.discard' | 'op.resolve';

export function opHandlers(
  /** The running engine; throws BridgeFailure('not_connected') without one. */
  requireEngine: () => SyncEngine,
  changed: (ids: string[], requester: RendererLink) => void,
): Pick<BridgeHandlers<RendererLink>, OpCommand> {
  /** `affected` lists the ops whose state changed, the op itself included when it did. */
  const announce = <T extends { affected: string[] }>(result: T, requester: RendererLink): T => {
    changed(result.affected, requester);
    return result;
  };

  return {
    'op.retry': async ({ id }, link) => announce(await requireEngine().actions.retryNow(id), link),
    'op.edit': async ({ id, body, params }, link) =>
      announce(await requireEngine().actions.editAndRetry({ id, body, ...(params ? { params } : {}) }), link),
    'op.discardPreview': ({ id }) => requireEngine().actions.discardPreview(id),
    'op.discard': async ({ id }, link) => {
      const result = await requireEngine().actions.discard(id);
      changed(result.discarded, link);
      return result;
    },
    'op.resolve': async ({ id, values }, link) =>
      announce(await requireEngine().actions.resolveConflict(id, values), link),
  };
}
