/**
 * The baseline: a raw fetch + JSON.parse of the GETs that carry the records the sync stored (URLS_FILE, from
 * ./syncChild.ts), CONCURRENCY at a time, nothing kept: the least any client must do to receive the same
 * records over the same API.
 *
 * Usage: node --import tsx bench/headless/rawChild.ts BASE_URL URLS_FILE CONCURRENCY
 */
import { readFileSync } from 'node:fs';
import { measure } from './measure';

const [baseUrl, urlsFile, concurrency = '4'] = process.argv.slice(2);
if (!baseUrl || !urlsFile) throw new Error('usage: rawChild.ts BASE_URL URLS_FILE [CONCURRENCY]');
const urls = readFileSync(urlsFile, 'utf8').split('\n').filter(Boolean);

const finish = measure();
const tokenResponse = await fetch(`${baseUrl}/auth/token`, { headers: { 'x-api-key': 'demo-key' } });
const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
let requests = 1;
let bytes = Number(tokenResponse.headers.get('content-length') ?? 0);
let next = 0;
async function worker() {
  while (next < urls.length) {
    const url = urls[next++]!;
    const response = await fetch(url, {
      headers: { 'x-api-key': 'demo-key', authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    JSON.parse(text);
    requests += 1;
    bytes += Buffer.byteLength(text);
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
finish({ requests, bytes, code: 0 });
