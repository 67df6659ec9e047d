import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INSECURE_API_URL_MESSAGE, isInsecureRemoteUrl, isLoopbackHost, secureTransport } from './secureUrl';

describe('https only, except to this computer', () => {
  it.each([
    'http://backoffice.example.com/api/v2.1',
    'http://10.0.0.5/v2.1',
    'http://192.168.1.20:8080/v2.1',
    'HTTP://Backoffice.Example.com/v2.1',
    'http://128.0.0.1/v2.1',
    'http://localhost.example.com/v2.1',
    'http://127.0.0.1.nip.io/v2.1',
    'http://[::2]/v2.1',
    'http://[::ffff:127.0.0.1]/v2.1',
    ' http://shop.example/v2.1 ',
  ])('refuses %s', (url) => {
    expect(isInsecureRemoteUrl(url)).toBe(true);
  });

  it.each([
    'https://backoffice.example.com/api/v2.1',
    'https://10.0.0.5/v2.1',
    'http://127.0.0.1:4010/v2.1',
    'http://127.45.6.7/v2.1',
    'http://127.1/v2.1',
    'http://localhost:8787/v2.1',
    'http://LOCALHOST/v2.1',
    'http://[::1]:9000/v2.1',
    'http://[0:0:0:0:0:0:0:1]/v2.1',
    // Not this rule's to name: other checks refuse them in their own words.
    'not a url',
    'ftp://example.com/v2.1',
  ])('leaves %s to the other checks or allows it', (url) => {
    expect(isInsecureRemoteUrl(url)).toBe(false);
  });

  it('knows the loopback names and nothing that merely looks like one', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });

  it('is a zod refinement whose issue lands on the field, in words', () => {
    const schema = z.strictObject({ baseUrl: z.string().check(secureTransport()) });
    const parsed = schema.safeParse({ baseUrl: 'http://shop.example/v2.1' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['baseUrl'], message: INSECURE_API_URL_MESSAGE }),
    ]);
    expect(schema.safeParse({ baseUrl: 'https://shop.example/v2.1' }).success).toBe(true);
    expect(
      z.string().check(secureTransport('feed')).safeParse('http://feed.example/').error?.issues[0]?.message,
    ).toBe('feed');
  });
});
