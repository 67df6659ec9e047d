/** Client construction: the base URL rules and the derived /v2 root. */
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { resolveOptions } from './options';

const getApiKey = () => Promise.resolve('k');

describe('client options', () => {
  it('derives the /v2 root from the /v2.1 base, forgiving a trailing slash', () => {
    const { roots } = resolveOptions({ baseUrl: 'https://api.example.com/retail/v2.1/', getApiKey });
    expect(roots).toEqual({
      'v2.1': 'https://api.example.com/retail/v2.1',
      v2: 'https://api.example.com/retail/v2',
    });
    expect(createApiClient({ baseUrl: 'http://127.0.0.1:1/v2.1', getApiKey }).baseUrl).toBe(
      'http://127.0.0.1:1/v2.1',
    );
  });

  it.each([
    ['http://host/v2', /end in \/v2\.1/],
    ['http://host', /end in \/v2\.1/],
    ['ftp://host/v2.1', /http: or https:/],
    ['http://user:pw@host/v2.1', /no user or password/],
    ['http://host/v2.1?x=1', /no query/],
    ['not a url', /absolute URL/],
  ])('refuses %s', (baseUrl, message) => {
    expect(() => createApiClient({ baseUrl, getApiKey })).toThrow(message);
  });

  it('refuses bad settings with their names', () => {
    expect(() => createApiClient({ baseUrl: 'http://h/v2.1', getApiKey, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => createApiClient({ baseUrl: 'http://h/v2.1', getApiKey: 'key' as never })).toThrow(
      /getApiKey/,
    );
  });
});
