/**
 * The update feed's address (DOCKHAND_UPDATE_URL, written into each build's app-update.yml): an https:// URL, or
 * http:// only to this computer (a feed served for a test). Over plain http anyone on the network could answer
 * for the feed and name a different installer and its checksum. The rule is src/api/secureUrl.ts's, the one the
 * API URL follows; electron-builder.yml runs it before packing (./beforePack.mjs) and package:check asserts it.
 */
import { z } from 'zod';
import { INSECURE_UPDATE_URL_MESSAGE, secureTransport } from '../../src/api/secureUrl';

const FeedUrlSchema = z
  .string({ error: 'DOCKHAND_UPDATE_URL is not set: the build needs the update feed’s https:// address' })
  .trim()
  .pipe(
    z
      .url({ protocol: /^https?$/, error: 'DOCKHAND_UPDATE_URL is not an http(s) address' })
      .check(secureTransport(INSECURE_UPDATE_URL_MESSAGE)),
  );

/** What is wrong with the feed URL, in words; empty when it will do. */
export function updateFeedProblems(url: string | undefined): string[] {
  const parsed = FeedUrlSchema.safeParse(url);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}
