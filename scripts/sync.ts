/**
 * Entry point of `npm run sync` (headless/cli/sync.ts does the work): wires stderr, the environment and
 * SIGINT/SIGTERM, and exits with the code the run returns.
 *
 * The first signal asks the run to stop (it abandons the request in flight safely and closes the store) and
 * gives it STOP_GRACE_MS; a run still going then is left as a crash would leave it, which the outbox's
 * write-ahead marks make safe (an interrupted send is looked up before any resend). A second signal exits at
 * once.
 */
import { constants } from 'node:os';
import { runSync } from '../headless/cli/sync';

/** Within the 5 s the clerk (or a service manager) is promised, with room for the exit itself. */
const DEFAULT_STOP_GRACE_MS = 4_500;
/**
 * Tests set DOCKHAND_STOP_GRACE_MS (a whole number of ms) to tell the graceful stop from this fallback on a
 * loaded machine, where a graceful stop can take longer than 4.5 s; anything else gets the default.
 */
const graceSetting = Number(process.env.DOCKHAND_STOP_GRACE_MS);
const STOP_GRACE_MS =
  Number.isSafeInteger(graceSetting) && graceSetting > 0 ? graceSetting : DEFAULT_STOP_GRACE_MS;

const exitCode = (signal: NodeJS.Signals) => 128 + constants.signals[signal];
const write = (line: string) => process.stderr.write(`${line}\n`);

let signalled = false;
const stop = new Promise<NodeJS.Signals>((resolve) => {
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      write(`${signal} again: exiting now`);
      process.exit(exitCode(signal));
    }
    signalled = true;
    write(`${signal}: stopping (send it again to exit at once)`);
    setTimeout(() => {
      write(
        `still stopping after ${STOP_GRACE_MS / 1_000} s: exiting; the next run checks what was in flight`,
      );
      process.exit(exitCode(signal));
    }, STOP_GRACE_MS).unref();
    resolve(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
});

const code = await runSync(process.argv.slice(2), {
  env: process.env,
  // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  write,
  stop,
});
// Exit only once what was written has been flushed: a pipe may still hold the result line.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
