/**
 * The one home for keeping secrets out of everything main writes, stores or prints (docs/architecture.md,
 * "What the app does when a server echoes a secret"): log lines, and every server text an API error carries
 * (electron/core/api/classify.ts), which becomes the outbox record, the sync centre's message and CLI output.
 * Two nets, because either alone leaks: registered secrets (the saved API key, a key only tried by "Test
 * connection", every access token as it is issued, kept for the life of the redactor so a past token is
 * covered too) are replaced wherever they appear, in any letter case and in the forms a server or a serialiser
 * may write them (JSON-escaped, `\/`-escaped, \u-escaped, URL-encoded, HTML-escaped, inside base64 such as
 * `Basic base64(key:…)`); and well-known shapes (`Bearer …`, `Basic …`, `user:password@` in a URL,
 * `x-api-key: …`, `"apiKey": "…"`, `access_token=…`) are redacted even when nobody registered the value, e.g.
 * a token from a response body quoted in an error message.
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

/** Base64 of a secret this short is too likely to turn up by chance in other text. */
const MIN_BASE64_SECRET = 6;

/**
 * The base64 of any text that contains `secret` contains one of three strings, whatever comes before it: the
 * encoding of the secret at each of the three byte offsets, without the characters shared with the bytes
 * around it. That covers `Basic base64("key:")`, `base64(":" + token)` and a whole echoed header encoded,
 * in standard and URL-safe alphabets.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  if (bytes.length < MIN_BASE64_SECRET) return [];
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Characters 0..offset mix in the bytes before the secret; the last mixes in what follows it (unless the
    // secret ends on a 3-byte boundary).
    const start = offset === 0 ? 0 : offset + 1;
    const end = (offset + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 1;
    const core = encoded.slice(start, end);
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The ways one secret can be written in a log line or a server's answer: as is, inside a JSON string (once,
 * or a JSON text quoted inside another), with `/` escaped as `\/` (PHP and some gateways), with non-ASCII as
 * \u escapes (how some serialisers write JSON), URL-encoded (a query string; lower-case hex is matched too,
 * since matching ignores case), HTML-escaped (a gateway's error page) and inside base64. Only forms that
 * differ from the secret itself are added.
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
  const forms = [
    secret,
    inJson(secret),
    inJson(inJson(secret)),
    inJson(secret).replace(/\//g, '\\/'),
    asciiJson,
    encoded,
    secret.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!),
    ...base64Forms(secret),
  ];
  return [...new Set(forms.filter((form): form is string => !!form))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A copy of `value` with every string, and every property name, passed through `redactText`, and the shape
 * otherwise kept (unlike `Redactor.redact`, which turns secret-named properties into a marker): for data that
 * must still match its schema afterwards, such as a problem body's `errors` map.
 */
export function redactStrings<T>(value: T, redactText: (text: string) => string, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return (Array.isArray(value) ? [] : {}) as T;
  if (Array.isArray(value)) return value.map((inner) => redactStrings(inner, redactText, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      redactText(key),
      redactStrings(inner, redactText, depth + 1),
    ]),
  ) as T;
}

/** Only the well-known shapes (`Bearer …`, `x-api-key: …`): for text from a place that holds no secret. */
export function redactShapes(text: string): string {
  let result = text;
  for (const [shape, replacement] of TEXT_PATTERNS) result = result.replace(shape, replacement);
  return result;
}

export function createRedactor(): Redactor {
  /** The secrets as registered, so registering the key again at every request costs a set look-up. */
  const registered = new Set<string>();
  let forms: string[] = [];
  /**
   * Every form of every secret in one pattern, longest first so a secret that contains another is replaced
   * whole. Case is ignored: a gateway may upper-case what it echoes, and over-redacting text that happens to
   * spell a secret in other letters costs nothing.
   */
  let pattern: RegExp | null = null;

  const redactText = (text: string): string => {
    return redactShapes(pattern ? text.replace(pattern, REDACTED) : text);
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
      if (!secret || registered.has(secret)) return;
      registered.add(secret);
      forms = [...new Set([...forms, ...secretForms(secret)])].sort((a, b) => b.length - a.length);
      pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'gi');
    },
    redactText,
    redact: (value) => redact(value, 0, new WeakSet()),
  };
}
