/**
 * The host's logger, and adapters that route the sync engine's and the API client's structured lines into
 * it. Neither source ever carries a key or token (their entry types have no field for one), and nothing here
 * adds one.
 */
import type { ApiLogger } from '../api/options';
import type { SyncLogger, SyncLogEntry } from '../sync/types';

export interface AppLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const SILENT_APP_LOGGER: AppLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function syncLoggerFor(logger: AppLogger): SyncLogger {
  const line = ({ event, ...fields }: SyncLogEntry) => [`sync ${event}`, fields] as const;
  return {
    info: (entry) => logger.info(...line(entry)),
    warn: (entry) => logger.warn(...line(entry)),
    error: (entry) => logger.error(...line(entry)),
  };
}

/**
 * Failures only: one info line per successful request would drown the log (the engine logs what it did
 * with each op).
 */
export function apiLoggerFor(logger: AppLogger): ApiLogger {
  return {
    info: () => {},
    warn: ({ event, ...fields }) => logger.warn(`api ${event}`, { ...fields }),
    error: ({ event, ...fields }) => logger.error(`api ${event}`, { ...fields }),
  };
}
