/**
 * Entry point of `npm run sync` (headless/cli/sync.ts does the work): wires stderr, the environment and
 * SIGINT/SIGTERM, and exits with the code the run returns.
 */
import { runSync } from '../headless/cli/sync';

const stop = new Promise<void>((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});

const code = await runSync(process.argv.slice(2), {
  env: process.env,
  // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  write: (line) => process.stderr.write(`${line}\n`),
  stop,
});
// Exit only once what was written has been flushed: a pipe may still hold the result line.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
