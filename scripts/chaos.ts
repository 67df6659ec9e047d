/**
 * Entry point of `npm run chaos` (headless/chaos does the work): starts the simulator the run steers
 * and exits with the run's code.
 */
import { runChaosCli } from '../headless/chaos/cli';
import { startSimulator } from '../server/index';

const code = await runChaosCli(process.argv.slice(2), {
  startSimulator: (seed) =>
    startSimulator({
      port: 0,
      control: true,
      seed,
      faultSeed: seed,
      rateLimit: 1_000_000,
      apiKey: 'demo-key',
    }),
  // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
// Exit only once what was written has been flushed: a pipe may still hold the result line.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
