/**
 * `npm run bench [-- --stress] [-- --only NAME,NAME]`: every benchmark, one after the other, each its own
 * `npm run bench:NAME`. npm hands the arguments after `--` to the last command of a chain only, so the chain
 * is run from here: `--stress` adds the stress bench (bench/stress, issue #24) at the end and hands it
 * `--stress`; `--only` runs the named ones (e.g. `--only stress`). A bench that fails is reported and the
 * next one still runs; the exit code says whether any failed.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

interface Bench {
  name: string;
  /** Runs only with --stress, which it is handed. */
  stress?: boolean;
}

const BENCHES: readonly Bench[] = [
  { name: 'server' },
  { name: 'receiving' },
  { name: 'sync' },
  { name: 'sync:large' },
  { name: 'replay' },
  { name: 'pacing' },
  { name: 'pull' },
  { name: 'reorder' },
  { name: 'headless' },
  { name: 'stress', stress: true },
];

const { values } = parseArgs({
  options: { stress: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const only = values.only?.split(',');
const unknown = only?.filter((name) => !BENCHES.some((bench) => bench.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(', ')}; there are ${BENCHES.map((b) => b.name).join(', ')}.`);
  process.exit(2);
}

const failed: string[] = [];
for (const bench of BENCHES) {
  if (only ? !only.includes(bench.name) : bench.stress && !values.stress) continue;
  const args = ['run', `bench:${bench.name}`, ...(bench.stress && values.stress ? ['--', '--stress'] : [])];
  console.log(`\n> npm ${args.join(' ')}`);
  const { status, error } = spawnSync('npm', args, { stdio: 'inherit' });
  if (status !== 0) failed.push(`${bench.name} (${error?.message ?? `exit ${status}`})`);
}
if (failed.length > 0) {
  console.error(`\nBenches that failed: ${failed.join(', ')}.`);
  process.exitCode = 1;
}
