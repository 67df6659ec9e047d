/**
 * The client against a server that repeats secrets back: every text of an error (message, problem, request
 * id, a contract error's field names) has the key and every token it was issued, live or replaced, redacted
 * before the caller sees it, and the log entries too. The simulator issues the tokens; the echoing answers
 * are made up in front of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../server/index';
import { ApiCallError, ContractError } from './errors';
import { captureLogger, failureOf, TEST_KEY, testClient } from './testing';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: TEST_KEY, rateLimit: 100_000 });
}, 60_000); // a cap: generating the dataset is slow on a loaded machine
afterAll(() => sim.stop());

describe('a server that echoes secrets to the client', () => {
  it('never gets the key or a live or past token into an error or a log entry', async () => {
    const tokens: string[] = [];
    let echo: ((request: Request) => Response) | undefined;
    const logger = captureLogger();
    const client = testClient(sim.baseUrl, {
      logger,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (echo && !request.url.endsWith('/auth/token')) return echo(request);
        const response = await globalThis.fetch(request);
        if (request.url.endsWith('/auth/token') && response.ok)
          tokens.push(((await response.clone().json()) as { access_token: string }).access_token);
        return response;
      },
    });
    const read = () => client.call('getOutlet', { params: { id: 1 } });
    await read();
    client.invalidateToken();
    await read();
    expect(tokens).toHaveLength(2);
    const [past, live] = tokens as [string, string];

    echo = (request) =>
      new Response(
        JSON.stringify({
          title: `Refused ${request.headers.get('x-api-key')}`,
          status: 400,
          detail: `old token ${past}; you sent ${request.headers.get('authorization')}`,
          errors: { [`header ${TEST_KEY}`]: [`BEARER ${live.toUpperCase()}`] },
          echo: { headers: Object.fromEntries(request.headers) },
        }),
        {
          status: 400,
          statusText: `Bad key ${TEST_KEY}`,
          headers: { 'content-type': 'application/problem+json', 'x-request-id': live },
        },
      );
    const rejected = await failureOf(read());
    expect(rejected).toBeInstanceOf(ApiCallError);
    const error = rejected as ApiCallError;
    expect(error.message).toMatch(
      /^getOutlet answered 400 \(Refused \[redacted\]: old token \[redacted\]; you sent Bearer \[redacted\]\)$/,
    );
    expect(error.details.requestId).toBe('[redacted]');

    // A 2xx whose body does not match: zod names the unexpected property, here the key itself.
    echo = () =>
      new Response(JSON.stringify({ [TEST_KEY]: live }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const unreadable = await failureOf(read());
    expect(unreadable).toBeInstanceOf(ContractError);

    const everything = JSON.stringify({
      rejected: { message: error.message, details: error.details },
      unreadable: { message: unreadable.message, fields: (unreadable as ContractError).fields },
      log: logger.entries,
    });
    for (const secret of [TEST_KEY, past, live]) {
      expect(everything).not.toContain(secret);
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  }, 60_000);
});
