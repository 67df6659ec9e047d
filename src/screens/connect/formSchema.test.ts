import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../api/fieldErrors';
import { INSECURE_API_URL_MESSAGE } from '../../api/secureUrl';
import { FAILURE_TEXT } from './failures';
import { ConnectFormSchema } from './formSchema';

const errorsFor = (baseUrl: string) => {
  const parsed = ConnectFormSchema.safeParse({ baseUrl, apiKey: 'key-1' });
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('connect form', () => {
  it('names a plain http:// address to another machine on the URL field, in words', () => {
    expect(errorsFor('http://backoffice.example.com/api/v2.1')).toEqual({
      baseUrl: [INSECURE_API_URL_MESSAGE],
    });
    expect(errorsFor('  http://10.0.0.5/v2.1  ')).toEqual({ baseUrl: [INSECURE_API_URL_MESSAGE] });
    expect(INSECURE_API_URL_MESSAGE).toMatch(/^Use an https:\/\/ address/);
  });

  it('takes https anywhere and http on this computer (the demo and a local test server)', () => {
    expect(errorsFor('https://backoffice.example.com/api/v2.1')).toEqual({});
    expect(errorsFor('http://127.0.0.1:8787/v2.1')).toEqual({});
    expect(errorsFor('http://localhost:8787/v2.1')).toEqual({});
  });

  it('keeps the other field rules, one message each', () => {
    expect(errorsFor('')).toEqual({ baseUrl: ['Enter the API base URL'] });
    expect(ConnectFormSchema.safeParse({ baseUrl: 'https://a.example/v2.1', apiKey: ' ' }).success).toBe(
      false,
    );
  });

  it('explains a URL the main side refused in the same terms', () => {
    expect(FAILURE_TEXT.malformed_url).toMatch(/https:\/\//);
    expect(FAILURE_TEXT.malformed_url).not.toMatch(/http:\/\/ or https:\/\//);
  });
});
