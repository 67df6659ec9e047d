/**
 * Keeps secrets out of logs (design.md: the API key and tokens are never in logs). Two nets, because either
 * alone leaks: registered secrets (the current API key, tokens as they are issued) are replaced wherever they
 * appear, and well-known shapes (`Bearer …`, `x-api-key: …`, `"apiKey": "…"`, `access_token=…`) are redacted
 * even when nobody registered the value, e.g. a token from a response body quoted in an error message.
 */

export const REDACTED = '[redacted]';

/** Property names whose value is a secret whatever it looks like (compared case-insensitively). */
const SECRET_PROPERTY =
  /^(?:x-api-key|api[-_]?key|access[-_]?token|refresh[-_]?token|id[-_]?token|token|authorization|password|secret|client[-_]?secret)$/i;

/**
 * Secret-looking text. Values are taken up to the first quote, space or separator: keys and tokens never hold
 * those, and stopping there keeps the surrounding JSON, header or query string readable.
 */
const TEXT_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi, `$1${REDACTED}`],
  [
    /\b(x-api-key|api[-_]?key|access[-_]?token|refresh[-_]?token|client[-_]?secret)(\\*["']?\s*[:=]\s*\\*["']?)[^\s"'\\,;&{}[\]()]+/gi,
    `$1$2${REDACTED}`,
  ],
];

/** Nesting deeper than this is cut: log fields are small, and a cycle-free giant graph is not a log line. */
const MAX_DEPTH = 8;

export interface Redactor {
  /** Redacts `value` wherever it appears from now on. Empty values are ignored. */
  addSecret(value: string | null | undefined): void;
  /** The text with every registered secret and every secret-looking shape replaced. */
  redactText(text: string): string;
  /**
   * A JSON-safe copy of `value` with every string redacted and secret-named properties replaced. Errors become
   * `{ name, message, stack, cause }` (their fields are not enumerable, so they would otherwise vanish);
   * cycles, binary data and functions become short markers.
   */
  redact(value: unknown): unknown;
}

export function createRedactor(): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  let secrets: string[] = [];

  const redactText = (text: string): string => {
    let result = text;
    for (const secret of secrets) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
    for (const [pattern, replacement] of TEXT_PATTERNS) result = result.replace(pattern, replacement);
    return result;
  };

  const redact = (value: unknown, depth: number, seen: WeakSet<object>): unknown => {
    if (typeof value === 'string') return redactText(value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[nested too deep]';
    // Raw bytes may be ciphertext of the key or a body; their size is all a log needs.
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof URL) return redactText(value.href);
    seen.add(value);
    try {
      const next = (inner: unknown) => redact(inner, depth + 1, seen);
      if (Array.isArray(value)) return value.map(next);
      if (value instanceof Map) return next(Object.fromEntries(value));
      if (value instanceof Set) return next([...value]);
      const source: Record<string, unknown> =
        value instanceof Error
          ? {
              name: value.name,
              message: value.message,
              ...(value.stack ? { stack: value.stack } : {}),
              ...(value.cause !== undefined ? { cause: value.cause } : {}),
              // Own fields such as an API error's status or details.
              ...Object.fromEntries(Object.entries(value)),
            }
          : (value as Record<string, unknown>);
      const copy: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(source)) {
        copy[redactText(key)] = SECRET_PROPERTY.test(key) && inner != null ? REDACTED : next(inner);
      }
      return copy;
    } finally {
      // Only ancestors count as a cycle; the same object twice side by side is logged twice.
      seen.delete(value);
    }
  };

  return {
    addSecret(value) {
      // Typed as a string, but called with whatever a caller was handed: never throw from here.
      const secret = typeof value === 'string' ? value.trim() : undefined;
      if (!secret || secrets.includes(secret)) return;
      secrets = [...secrets, secret].sort((a, b) => b.length - a.length);
    },
    redactText,
    redact: (value) => redact(value, 0, new WeakSet()),
  };
}
