/**
 * Serves the built renderer (out/renderer) for the app's custom scheme: the right content type, the CSP on
 * every HTML response, and nothing outside the renderer folder (path traversal answers 404). Pure Node: the
 * shell registers it with `protocol.handle`, tests call it directly.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy } from './csp';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export function rendererProtocolHandler(root: string, options: { connect?: readonly string[] } = {}) {
  const base = normalize(root + sep);
  const csp = contentSecurityPolicy(options);
  return async (request: { url: string }): Promise<Response> => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(base)) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff' };
      if (type.startsWith('text/html')) headers['content-security-policy'] = csp;
      return new Response(body, { status: 200, headers });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}
