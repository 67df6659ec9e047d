/**
 * The API client's fetch in the desktop app: Electron's `net.fetch`, so API calls take the system proxy, PAC
 * script and OS certificate store a store office's network needs (Node's fetch knows none of them). Passed in
 * by Electron main (this folder never imports electron); the browser host keeps Node's fetch.
 *
 * ky hands the client's fetch a Request (./options.ts FetchLike). net.fetch is given plain parts instead: the
 * URL as a string and a body read into bytes, since a streamed request body is the one part of a Request
 * whose handling differs between fetch implementations, and API bodies are small JSON.
 */
import type { FetchLike } from './options';

/** The member of Electron's `net` used here. */
export interface NetLike {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

export function netFetch(net: NetLike): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return net.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      redirect: request.redirect,
      ...(body && body.byteLength > 0 ? { body } : {}),
    });
  };
}
