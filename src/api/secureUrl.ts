/**
 * The one rule for where Dockhand may send its key, its tokens or fetch its updates from: an https:// address,
 * or plain http:// only to this computer itself (loopback: `localhost`, 127.0.0.0/8, `[::1]`), which is where
 * the embedded demo simulator and the test servers listen. Anywhere else, http:// would carry the API key and
 * every bearer token (or the installer an update downloads) across the network unprotected.
 *
 * Used by the connect form, the main side's connection test and secret box, `npm run sync`, and the update
 * feed's packaging check, so the rule and its words live here once. Pure TypeScript + zod (every runtime loads it).
 */
import { z } from 'zod';

/** Shown beside the API URL field and printed by the CLI: what is wrong and what to type instead. */
export const INSECURE_API_URL_MESSAGE =
  'Use an https:// address: this one would send your key unprotected over the network (http:// is only for this computer).';

/** The update feed: an http:// feed would let anyone on the network hand this computer a different installer. */
export const INSECURE_UPDATE_URL_MESSAGE =
  'The update feed must be an https:// address: over http:// anyone on the network could change what is installed.';

/** 127.0.0.0/8 as WHATWG URL normalises it (`127.1`, `0x7f.1` and the like arrive as dotted decimal). */
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** A URL's `hostname` that names this computer itself. `[::1]` is how URL spells every form of ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || IPV4_LOOPBACK.test(host);
}

/**
 * True when `text` is an http:// URL to a host other than this computer: the one case this rule refuses.
 * Anything that does not parse, or uses another scheme, is for the caller's other checks to name, so a typo
 * gets one message, not two.
 */
export function isInsecureRemoteUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/**
 * The shared zod refinement: `schema.check(secureTransport())`, or `.pipe(z.string().check(...))` after a
 * transform. The issue is a custom one on the value itself, so a form shows it on its field.
 */
export function secureTransport(message: string = INSECURE_API_URL_MESSAGE) {
  return z.refine<string>((text) => !isInsecureRemoteUrl(text), { message });
}
