/**
 * Run by ./beforePack.mjs before electron-builder packs: exits 1, with the reasons on stderr, when
 * DOCKHAND_UPDATE_URL is not an https feed (./updateFeed.ts).
 */
import { updateFeedProblems } from './updateFeed';

const problems = updateFeedProblems(process.env['DOCKHAND_UPDATE_URL']);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exitCode = 1;
}
