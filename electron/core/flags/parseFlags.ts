/**
 * Flags for the headless tools: node:util parseArgs for the syntax (unknown flags, missing values), zod for
 * the meaning. Either failure is a usage error (exit 2) whose message names the flag, never its value: a
 * value may be a secret (--api-key).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';

export const EXIT = { ok: 0, opsFailed: 1, usage: 2, credentials: 3 } as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses `argv` (without node and the script) against the flag table, fills flags not given from
 * `fallbacks` (environment variables), then validates with `schema`.
 */
export function parseFlags<S extends z.ZodType>(
  argv: readonly string[],
  options: Options,
  schema: S,
  fallbacks: Record<string, string | undefined> = {},
): z.output<S> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
    for (const [flag, value] of Object.entries(fallbacks))
      if (values[flag] === undefined) values[flag] = value;
  } catch (error) {
    // parseArgs names the offending flag; strip anything after it that could echo a value.
    throw new UsageError(String((error as Error).message).split('\n')[0]!);
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  // The schema's keys are the flag names, so an issue's path is the flag.
  const lines = parsed.error.issues.map(
    (issue) => `${issue.path.length ? `--${issue.path.map(String).join('.')}` : 'flags'}: ${issue.message}`,
  );
  throw new UsageError(lines.join('\n'));
}

/** A zod message callback that reports the problem without quoting the input. */
export const withoutValue = (message: string) => ({ error: () => message });
