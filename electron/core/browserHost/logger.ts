/**
 * The browser host's console logger: one line per entry on stdout, every string passed through the app's
 * redactor (../log/redact.ts) first: the API key (registered by the RedactingSecretBox the host uses), this
 * run's bridge token, and secret-looking shapes. The key never reaches a log line by construction
 * (../bridge/logger.ts); this is the second net.
 */
import type { AppLogger } from '../bridge/logger';
import type { Redactor } from '../log/redact';

/** @param write where a finished line goes (process.stdout in the CLI) */
export function createConsoleLogger(
  write: (line: string) => void,
  redactor: Redactor,
  now: () => Date = () => new Date(),
): AppLogger {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    const details =
      fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(redactor.redact(fields))}` : '';
    write(`${now().toISOString()} ${level} ${redactor.redactText(message)}${details}\n`);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
