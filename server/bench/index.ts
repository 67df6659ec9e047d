/**
 * `npm run bench:server`: the simulator's benchmarks. Every figure is reported next to a baseline measured
 * in the same run on the same machine, as a ratio, because absolute milliseconds on a shared 2-core box say
 * little; the absolute numbers are printed too, for the target the data generation has (15 s and 1.5 GB
 * for the large dataset). The 500-order page with items has none: its 50 ms target was retired (issue #11),
 * the 41 MB page is bound by the transfer (server/README.md, "What dominates").
 *
 * Run with `--expose-gc` (the script does) so heap figures are retained memory, not garbage. The HTTP rows
 * are described in ./http.ts; read the "separate process" ones.
 */
import { generateState } from '../data';
import { benchGeneration } from './generation';
import { benchHttpInline, benchHttpProcess } from './http';
import { benchSearch } from './search';

async function main() {
  // One table per kind of row, so each shows only its own columns.
  console.table(await benchGeneration());
  console.table(await benchSearch(generateState({ dataset: 'large', seed: 1 })));
  console.table([
    ...(await benchHttpInline('small')),
    ...(await benchHttpInline('large')),
    ...(await benchHttpProcess('small')),
    ...(await benchHttpProcess('large')),
  ]);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
