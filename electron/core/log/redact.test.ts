import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, redactShapes, redactStrings, secretForms } from './redact';

const KEY = 'sk_live_5fQ2xZ9k';

describe('createRedactor', () => {
  it('replaces every occurrence of a registered secret, longest first', () => {
    const redactor = createRedactor();
    redactor.addSecret(KEY);
    redactor.addSecret(`${KEY}-extended`);
    redactor.addSecret('');
    redactor.addSecret(undefined);
    expect(redactor.redactText(`key ${KEY} and again ${KEY}; long ${KEY}-extended.`)).toBe(
      `key ${REDACTED} and again ${REDACTED}; long ${REDACTED}.`,
    );
  });

  it('redacts secret-looking shapes nobody registered', () => {
    const { redactText } = createRedactor();
    expect(redactText('Authorization: Bearer eyJhbGciOi.J9xx-yy_zz==')).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(redactText('x-api-key: abc123')).toBe(`x-api-key: ${REDACTED}`);
    expect(redactText('X-Api-Key=abc123, next')).toBe(`X-Api-Key=${REDACTED}, next`);
    expect(redactText('{"apiKey": "abc123", "baseUrl": "http://h/v2.1"}')).toBe(
      `{"apiKey": "${REDACTED}", "baseUrl": "http://h/v2.1"}`,
    );
    expect(redactText('{"api_key":"abc123"}')).toBe(`{"api_key":"${REDACTED}"}`);
    expect(redactText('{"token_type":"Bearer","access_token":"tok.en-1","expires_on":"2030"}')).toBe(
      `{"token_type":"Bearer","access_token":"${REDACTED}","expires_on":"2030"}`,
    );
    expect(redactText('GET /x?access_token=tok123&page=2')).toBe(`GET /x?access_token=${REDACTED}&page=2`);
    // A JSON body quoted inside another JSON string.
    expect(redactText('{\\"apiKey\\":\\"abc123\\"}')).toBe(`{\\"apiKey\\":\\"${REDACTED}\\"}`);
    expect(redactText('token_type Bearer')).toBe('token_type Bearer');
  });

  it('redacts a registered secret in its JSON-escaped, \\u-escaped and URL-encoded forms', () => {
    const redactor = createRedactor();
    const odd = 'k"ey\\with/ünï';
    redactor.addSecret(odd);
    const once = JSON.stringify({ apiKey: odd, note: `was ${odd}` });
    const twice = JSON.stringify({ body: once });
    const ascii = once.replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const query = `GET /x?k=${encodeURIComponent(odd)}&page=2`;
    for (const text of [once, twice, ascii, query]) {
      const redacted = redactor.redactText(text);
      expect(redacted).toContain(REDACTED);
      for (const form of secretForms(odd)) expect(redacted).not.toContain(form);
      // What is left around it still reads.
      expect(redacted).toMatch(/was|page=2|apiKey/);
    }
    expect(redactor.redactText(query)).toBe(`GET /x?k=${REDACTED}&page=2`);
  });

  it('redacts the key and every token, live or past, in every form a server may echo them', () => {
    const redactor = createRedactor();
    const key = 'dk_live/Q2x+Z9"k\\w';
    const oldToken = 'tok_OLD.a1b2c3-d4e5_f6';
    const liveToken = 'tok_LIVE.z9y8x7-w6v5_u4';
    redactor.addSecret(key);
    redactor.addSecret(oldToken);
    redactor.addSecret(liveToken);
    // Registering again (the client does, at every request) changes nothing.
    redactor.addSecret(key);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const b64url = (text: string) => b64(text).replace(/\+/g, '-').replace(/\//g, '_');
    const echoes = [
      `x-api-key: ${key}`,
      JSON.stringify({ detail: `key ${key} token ${liveToken}` }),
      JSON.stringify(JSON.stringify({ key })),
      JSON.stringify({ key }).replace(/\//g, '\\/'),
      `/echo?key=${encodeURIComponent(key)}&t=${encodeURIComponent(liveToken)}`,
      `/echo?key=${encodeURIComponent(key).toLowerCase()}`,
      `<p>${key.replace(/"/g, '&quot;')}</p>`,
      `Authorization: Bearer ${liveToken}`,
      `authorization: bearer ${oldToken}`,
      `AUTHORIZATION: BEARER ${liveToken.toUpperCase()}`,
      `Authorization: Basic ${b64(`${key}:`)}`,
      `Authorization: Basic ${b64(`user:${key}`)}`,
      `proxy-auth ${b64(`ab:${key}`)}`,
      `echo=${b64url(`x-api-key=${key}`)}`,
      `token ${b64(liveToken)} and ${b64(`:${oldToken}`)}`,
    ];
    const base64Cores = [key, oldToken, liveToken].flatMap((secret) =>
      ['', 'a', 'ab'].map((pad) => b64(pad + secret).slice(pad ? pad.length + 1 : 0, -2)),
    );
    for (const echo of echoes) {
      const redacted = redactor.redactText(echo);
      expect(redacted, echo).toContain(REDACTED);
      for (const secret of [key, oldToken, liveToken]) {
        for (const form of secretForms(secret))
          expect(redacted.toLowerCase(), echo).not.toContain(form.toLowerCase());
      }
      for (const core of base64Cores) expect(redacted, echo).not.toContain(core);
    }
    // What is around a secret still reads.
    expect(redactor.redactText(`x-api-key: ${key}, then more`)).toBe(`x-api-key: ${REDACTED}, then more`);
    expect(redactor.redactText(`Gateway said: token ${liveToken} is not allowed here`)).toBe(
      `Gateway said: token ${REDACTED} is not allowed here`,
    );
  });

  it('keeps the shape of structured data while redacting its strings and property names', () => {
    const redactor = createRedactor();
    redactor.addSecret(KEY);
    const problem = {
      title: 'Bad',
      status: 400,
      errors: { [`h-${KEY}`]: [`was ${KEY}`] },
      extra: [{ k: KEY }],
    };
    expect(redactStrings(problem, redactor.redactText)).toEqual({
      title: 'Bad',
      status: 400,
      errors: { [`h-${REDACTED}`]: [`was ${REDACTED}`] },
      extra: [{ k: REDACTED }],
    });
    expect(redactShapes('Bearer abc.def and x-api-key=zzz')).toBe(
      `Bearer ${REDACTED} and x-api-key=${REDACTED}`,
    );
  });

  it('redacts Basic credentials, in a header or written into a URL, registered or not', () => {
    const { redactText } = createRedactor();
    expect(redactText('Authorization: Basic dXNlcjpwYXNz')).toBe(`Authorization: Basic ${REDACTED}`);
    expect(redactText('{"authorization":"basic dXNlcjpwYXNz=="}')).toBe(
      `{"authorization":"basic ${REDACTED}"}`,
    );
    expect(redactText('proxy http://admin:s3cr3t@proxy.example:3128/ refused')).toBe(
      `proxy http://${REDACTED}@proxy.example:3128/ refused`,
    );
    expect(redactText('https://user:@host/v2.1')).toBe(`https://${REDACTED}@host/v2.1`);
    // A port is not a password, and an @ later in the path is not a user.
    expect(redactText('https://host:8443/v2.1/a@b')).toBe('https://host:8443/v2.1/a@b');
    expect(redactText('backend basic_text')).toBe('backend basic_text');
  });

  it('redacts nested objects, arrays, secret-named properties, Errors and their causes', () => {
    const redactor = createRedactor();
    redactor.addSecret(KEY);
    const cause = new Error(`token request with ${KEY} failed`);
    const error = Object.assign(new Error(`401 for Bearer abc.def`, { cause }), { status: 401 });
    const result = redactor.redact({
      request: {
        headers: { Authorization: 'Basic Zm9vOmJhcg==', 'x-api-key': 'anything' },
        url: `/t?k=${KEY}`,
      },
      list: [KEY, { deeper: [`prefix-${KEY}`] }],
      apiKey: 12345,
      token: { nested: 'object' },
      empty: null,
      error,
      when: new Date('2030-01-02T03:04:05.000Z'),
      bytes: new Uint8Array(16),
      [`${KEY}-as-key`]: 1,
    });
    const text = JSON.stringify(result);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('abc.def');
    expect(text).not.toContain('Zm9vOmJhcg');
    expect(text).not.toContain('anything');
    expect(text).not.toContain('12345');
    expect(result).toMatchObject({
      request: { headers: { Authorization: REDACTED, 'x-api-key': REDACTED }, url: `/t?k=${REDACTED}` },
      list: [REDACTED, { deeper: [`prefix-${REDACTED}`] }],
      apiKey: REDACTED,
      token: REDACTED,
      empty: null,
      error: {
        name: 'Error',
        message: `401 for Bearer ${REDACTED}`,
        status: 401,
        cause: { name: 'Error', message: `token request with ${REDACTED} failed` },
      },
      when: '2030-01-02T03:04:05.000Z',
      bytes: '[16 bytes]',
      [`${REDACTED}-as-key`]: 1,
    });
    expect((result as { error: { stack: string } }).error.stack).not.toContain('abc.def');
  });

  it('survives cycles, depth, bigints and functions, and logs a shared object twice', () => {
    const redactor = createRedactor();
    const shared = { a: 1 };
    const cyclic: Record<string, unknown> = { shared, again: shared, big: 10n, fn: () => 1 };
    cyclic['self'] = cyclic;
    let deep: Record<string, unknown> = { leaf: true };
    for (let level = 0; level < 20; level++) deep = { deep };
    expect(redactor.redact(cyclic)).toEqual({
      shared: { a: 1 },
      again: { a: 1 },
      big: '10',
      fn: '[function]',
      self: '[circular]',
    });
    expect(JSON.stringify(redactor.redact(deep))).toContain('[nested too deep]');
    expect(redactor.redact('plain')).toBe('plain');
    expect(redactor.redact(42)).toBe(42);
  });
});
