/**
 * One headless initial sync (`npm run sync --once`, headless/cli/sync.ts) into an empty store, in a
 * process of its own so its CPU and peak RSS are its own. Counts the GETs through a wrapper on fetch (ky
 * calls the global one) and writes the distinct record-carrying GET URLs to URLS_FILE for the raw baseline
 * (./rawChild.ts): token requests and one-row total probes (page_size=1) carry no records.
 *
 * Usage: node --import tsx bench/headless/syncChild.ts BASE_URL DATA_DIR URLS_FILE [PROGRESS_MS]
 * (PROGRESS_MS: the least time between two progress lines of a resource, default 10 s; bench/stress/resume.ts
 * reads them to kill the sync at a share of its rows.)
 */
import { writeFileSync } from 'node:fs';
import { runSync } from '../../headless/cli/sync';
import { measure } from './measure';

const [baseUrl, dataDir, urlsFile, progressMs = '10000'] = process.argv.slice(2);
if (!baseUrl || !dataDir || !urlsFile) throw new Error('usage: syncChild.ts BASE_URL DATA_DIR URLS_FILE');

let requests = 0;
let bytes = 0;
const urls = new Set<string>();
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await realFetch(request);
  if (request.method === 'GET') {
    requests += 1;
    bytes += Number(response.headers.get('content-length') ?? 0);
    const url = new URL(request.url);
    if (response.ok && !url.pathname.endsWith('/auth/token') && url.searchParams.get('page_size') !== '1')
      urls.add(request.url);
  }
  return response;
};

const finish = measure();
const code = await runSync(
  ['--base-url', baseUrl, '--api-key', 'demo-key', '--data', dataDir, '--once', '--rate-limit', '1000000000'],
  { env: {}, write: (line) => process.stderr.write(`${line}\n`), progressMs: Number(progressMs) },
);
writeFileSync(urlsFile, [...urls].join('\n'));
finish({ requests, bytes, code });
process.exit(0);
