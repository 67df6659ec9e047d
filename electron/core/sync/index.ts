/** The sync engine's public surface for the main process and the browser host. */
export { createSyncEngine, type SyncEngine } from './engine';
export { ALWAYS_ONLINE, tokenProbe } from './connectivity';
export { threeWayMerge, type MergeResult } from './merge';
export { LIST_RESOURCES, BY_ID_RESOURCES } from './pull/resources';
export { PULL_DEFAULTS } from './pull/puller';
export type {
  OnlineSignal,
  OpCountsView,
  PullOptions,
  PullProgress,
  SyncEngineOptions,
  SyncLogEntry,
  SyncLogger,
  SyncStatus,
} from './types';
