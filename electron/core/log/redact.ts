/**
 * Keeps secrets out of logs (docs/architecture.md, Bridge: logs go through a redactor that knows the key).
 * Two nets, because either alone leaks: registered secrets (the saved API key, a key only tried by "Test
 * connection", access tokens as they are issued) are replaced wherever they appear, also in their JSON-escaped
 * and URL-encoded forms (a key with a quote or a backslash looks different inside a logged JSON body); and
 * well-known shapes (`Bearer …`, `Basic …`, `user:password@` in a URL, `x-api-key: …`, `"apiKey": "…"`,
 * `access_token=…`) are redacted even when nobody registered the value, e.g. a token from a response body
 * quoted in an error message.
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
  // HTTP Basic: base64 of user:password. Over-redacts prose such as "Basic settings", which a log can spare.
  [/\b(Basic\s+)[A-Za-z0-9+/]+=*/gi, `$1${REDACTED}`],
  // The same credentials written into a URL: scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@:"']+:[^\s/?#@"']*@/gi, `$1${REDACTED}@`],
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

/**
 * The ways one secret can be written in a log line: as is, inside a JSON string (once, or a JSON text quoted
 * inside another), with non-ASCII as \\u escapes (how some serialisers write JSON), and URL-encoded (a query
 * string). Only forms that differ from the secret itself are added.
 */
export function secretForms(secret: string): string[] {
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  const asciiJson = inJson(secret).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  let encoded: string | undefined;
  try {
    encoded = encodeURIComponent(secret);
  } catch {
    encoded = undefined; // a lone surrogate: no URL can carry it either
  }
  const forms = [secret, inJson(secret), inJson(inJson(secret)), asciiJson, encoded];
  return [...new Set(forms.filter((form): form is string => !!form))];
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
      if (!secret) return;
      const added = secretForms(secret).filter((form) => !secrets.includes(form));
      if (added.length === 0) return;
      secrets = [...secrets, ...added].sort((a, b) => b.length - a.length);
    },
    redactText,
    redact: (value) => redact(value, 0, new WeakSet()),
  };
}
