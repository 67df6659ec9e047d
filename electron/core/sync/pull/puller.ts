/**
 * One pull run: every listable resource in turn (keyset or list), then a batch of the product supplier
 * sweep (./productSuppliers.ts), then the by-id resources their records referenced. A failure of one resource is logged and the run goes on with the next; losing the network or
 * the credentials ends the run (the engine's connectivity and auth handling take over).
 */
import type { StorePort } from '../../../../src/db/storePort';
import { ApiCallError, CallAbortedError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import type { PullOptions, PullProgress, SyncLogger } from '../types';
import { refreshById } from './byId';
import { pullKeyset, pullList } from './lists';
import { PRODUCT_SUPPLIERS, sweepProductSuppliers } from './productSuppliers';
import { LIST_RESOURCES, type Ref } from './resources';

export const PULL_DEFAULTS = {
  pageSize: 500,
  overlapMs: 2_000,
  intervalMs: 60_000,
  refreshTtlMs: 60 * 60_000,
  productSuppliersBatch: 50,
} as const;

export interface PullerDeps {
  store: StorePort;
  client: ApiClient;
  now(): Date;
  logger: SyncLogger;
  options: PullOptions;
  onProgress(resource: string, progress: PullProgress | undefined, finishedAt?: string): void;
  /** The run stopped on an error that is the engine's business (offline, credentials). */
  onFatal(error: ApiCallError): void;
}

export interface Puller {
  run(signal: AbortSignal): Promise<void>;
}

function isFatal(error: unknown): error is ApiCallError {
  return (
    error instanceof ApiCallError &&
    (error.kind === 'auth' || (error.kind === 'transient' && error.details.delivery !== 'yes'))
  );
}

export function createPuller(deps: PullerDeps): Puller {
  const pageSize = deps.options.pageSize ?? PULL_DEFAULTS.pageSize;
  const overlapMs = deps.options.overlapMs ?? PULL_DEFAULTS.overlapMs;
  const refreshTtlMs = deps.options.refreshTtlMs ?? PULL_DEFAULTS.refreshTtlMs;
  const wanted = deps.options.resources;
  const resources = LIST_RESOURCES.filter((r) => !wanted || wanted.includes(r.name));

  async function run(signal: AbortSignal): Promise<void> {
    const refs: Ref[] = [];
    for (const resource of resources) {
      if (signal.aborted) return;
      const listDeps = {
        store: deps.store,
        client: deps.client,
        now: deps.now,
        signal,
        pageSize,
        overlapMs,
        onProgress: (progress: PullProgress) => deps.onProgress(resource.name, progress),
        onRefs: (found: Ref[]) => refs.push(...found),
      };
      try {
        if (resource.strategy === 'keyset') await pullKeyset(listDeps, resource);
        else await pullList(listDeps, resource);
        deps.onProgress(resource.name, undefined, deps.now().toISOString());
      } catch (error) {
        if (signal.aborted || error instanceof CallAbortedError) return;
        if (isFatal(error)) {
          deps.onFatal(error);
          return;
        }
        deps.logger.warn({ event: 'pull-failed', resource: resource.name, detail: String(error) });
      }
    }
    if (!wanted || wanted.includes(PRODUCT_SUPPLIERS)) {
      try {
        await sweepProductSuppliers({
          store: deps.store,
          client: deps.client,
          now: deps.now,
          signal,
          refreshTtlMs,
          batch: deps.options.productSuppliersBatch ?? PULL_DEFAULTS.productSuppliersBatch,
        });
        deps.onProgress(PRODUCT_SUPPLIERS, undefined, deps.now().toISOString());
      } catch (error) {
        if (signal.aborted || error instanceof CallAbortedError) return;
        if (isFatal(error)) {
          deps.onFatal(error);
          return;
        }
        deps.logger.warn({ event: 'pull-failed', resource: PRODUCT_SUPPLIERS, detail: String(error) });
      }
    }
    if (deps.options.byId === false) return;
    try {
      await refreshById(
        { store: deps.store, client: deps.client, now: deps.now, signal, refreshTtlMs },
        refs,
      );
    } catch (error) {
      if (signal.aborted || error instanceof CallAbortedError) return;
      if (isFatal(error)) deps.onFatal(error);
      else deps.logger.warn({ event: 'pull-by-id-failed', detail: String(error) });
    }
  }

  return { run };
}
