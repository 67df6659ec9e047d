// electron-builder's beforePack hook (electron-builder.yml): refuses to pack an app whose update feed is not
// https. The rule is TypeScript (./updateFeed.ts, on src/api/secureUrl.ts), so it runs in a tsx child process:
// electron-builder loads hooks with Node's own loader, with or without tsx around it (package:check).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default async function beforePack() {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const check = fileURLToPath(new URL('./updateFeedCheck.ts', import.meta.url));
  const run = spawnSync(process.execPath, [tsx, check], { encoding: 'utf8', env: process.env });
  if (run.status !== 0) {
    throw new Error(`update feed refused: ${(run.stderr || String(run.error ?? 'no answer')).trim()}`);
  }
}
