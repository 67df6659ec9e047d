/**
 * Serves the built renderer over HTTP for the browser host. The file rules (content types, nothing outside
 * the renderer folder) are Electron's own (../shell/rendererProtocol.ts), so both hosts serve the same
 * bytes; this adds what an HTTP page needs on top: the strict CSP and nosniff on every response, no caching
 * of index.html (it names the hashed bundles of this build), GET and HEAD only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy } from '../shell/csp';
import { rendererProtocolHandler } from '../shell/rendererProtocol';

export interface StaticFilesOptions {
  rendererDir: string;
  /** The host's own origin, e.g. http://127.0.0.1:5780: request paths are resolved against it. */
  origin: string;
  /** Extra connect-src sources: the bridge's ws:// origin. */
  connect: readonly string[];
}

export function staticFiles(options: StaticFilesOptions) {
  const serve = rendererProtocolHandler(options.rendererDir, { connect: options.connect });
  const baseHeaders = {
    'content-security-policy': contentSecurityPolicy({ connect: options.connect }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { ...baseHeaders, allow: 'GET, HEAD', 'content-type': 'text/plain' });
      response.end('Method not allowed');
      return;
    }
    // Concatenated, not resolved: a request target such as `//x/y` must stay a path, not become a host.
    const answer = await serve({ url: `${options.origin}${request.url ?? '/'}` });
    const headers: Record<string, string> = { ...baseHeaders, ...Object.fromEntries(answer.headers) };
    if (answer.status !== 200) headers['content-type'] = 'text/plain; charset=utf-8';
    if (headers['content-type']?.startsWith('text/html') || answer.status !== 200) {
      headers['cache-control'] = 'no-store';
    }
    const body = Buffer.from(await answer.arrayBuffer());
    headers['content-length'] = String(body.length);
    response.writeHead(answer.status, headers);
    response.end(method === 'HEAD' ? undefined : body);
  };
}
