/**
 * The app's log file: one JSON line per entry ({ time, level, message, fields }), every string passed through
 * the redactor first, rotated by size (dockhand.log → dockhand.log.1 → … → dropped after `keep`). Writes are
 * synchronous appends: a log line must be on disk before a crash that it may explain, and the volume is small.
 * Logging never throws: a full disk or a deleted folder must not take the sync engine down with it.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from './redact';

export type LogLevel = 'info' | 'warn' | 'error';

/** The logger the main-side code writes to (the shape electron/core/bridge's AppLogger expects). */
export interface FileLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The file currently written to. */
  readonly file: string;
}

type ConsoleLike = Pick<Console, LogLevel>;

export interface FileLoggerOptions {
  dir: string;
  fileName?: string;
  /** A write that would take the file past this size rotates it first (default 5 MB). */
  maxBytes?: number;
  /** Rotated files kept besides the current one (default 3). */
  keep?: number;
  redactor: Redactor;
  now?: () => Date;
  /**
   * Also prints each (redacted) entry here, e.g. during development. Write failures are reported here too,
   * or to the global console without one.
   */
  console?: ConsoleLike;
}

export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const file = join(options.dir, options.fileName ?? 'dockhand.log');
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = Math.max(0, options.keep ?? 3);
  const now = options.now ?? (() => new Date());
  const { redactor } = options;
  /** Bytes in the current file; read from disk on the first write, then counted. */
  let size: number | undefined;
  /** One report per run of failures, so a full disk does not flood the console. */
  let failing = false;

  const currentSize = (): number => {
    if (size === undefined) {
      mkdirSync(options.dir, { recursive: true });
      try {
        size = statSync(file).size;
      } catch {
        size = 0;
      }
    }
    return size;
  };

  const rotate = () => {
    rmSync(`${file}.${keep}`, { force: true });
    for (let index = keep - 1; index >= 1; index--) {
      try {
        renameSync(`${file}.${index}`, `${file}.${index + 1}`);
      } catch {
        // A gap in the series (a file deleted by the user) is not an error.
      }
    }
    if (keep > 0) renameSync(file, `${file}.1`);
    else rmSync(file, { force: true });
    size = 0;
  };

  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    try {
      const safeMessage = redactor.redactText(String(message));
      const safeFields = fields === undefined ? undefined : redactor.redact(fields);
      const entry = { time: now().toISOString(), level, message: safeMessage, fields: safeFields };
      const line = `${JSON.stringify(entry)}\n`;
      const bytes = Buffer.byteLength(line);
      const existing = currentSize();
      if (existing > 0 && existing + bytes > maxBytes) rotate();
      // 0600: lines name suppliers, orders and URLs, which are the user's business only.
      appendFileSync(file, line, { mode: 0o600 });
      size = (size ?? 0) + bytes;
      failing = false;
      options.console?.[level](safeMessage, ...(safeFields === undefined ? [] : [safeFields]));
    } catch (error) {
      // Re-read the size next time: the failure may have left the file in any state.
      size = undefined;
      if (failing) return;
      failing = true;
      try {
        (options.console ?? console).error(
          `dockhand: cannot write the log ${file}: ${error instanceof Error ? redactor.redactText(error.message) : 'unknown error'}`,
        );
      } catch {
        // Nothing is left to tell.
      }
    }
  };

  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    file,
  };
}
