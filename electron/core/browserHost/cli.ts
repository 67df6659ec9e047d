/**
 * `npm run start:web -- [flags]` (the flags: ./args.ts): runs the browser host until SIGINT or SIGTERM and
 * prints the address to open. Exit codes: 0 after a clean stop, 1 when it cannot start (no build, port
 * taken, demo failed), 2 on bad flags.
 */
import { EXIT, UsageError } from '../flags/parseFlags';
import { createRedactor } from '../log/redact';
import { BROWSER_HOST_USAGE, parseBrowserHostArgs, type BrowserHostArgs } from './args';
import { startBrowserHost } from './host';
import { createConsoleLogger } from './logger';

const write = (line: string) => process.stdout.write(line);

/** Exits once what was written has been flushed (a pipe may still hold the last lines). */
function exit(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/** Resolves with an exit code when done at once (help, bad flags); undefined while the host runs. */
async function main(): Promise<number | undefined> {
  let args: BrowserHostArgs;
  try {
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    args = parseBrowserHostArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${BROWSER_HOST_USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    write(`${BROWSER_HOST_USAGE}\n`);
    return EXIT.ok;
  }
  // The token is in the URL printed below, on purpose; the host registers it so no log line shows it.
  const redactor = createRedactor();
  const logger = createConsoleLogger(write, redactor);
  const host = await startBrowserHost({
    port: args.port,
    dataDir: args.dataDir,
    demo: args.demo,
    demoDataset: args.demoDataset,
    logger,
    redactor,
    ...(args.apiUrl ? { apiUrl: args.apiUrl } : {}),
  });
  write(`\nDockhand is running: open ${host.url}\n(Ctrl+C to stop)\n\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping`);
    host.stop().then(
      () => exit(EXIT.ok),
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${error instanceof Error ? error.message : String(error)}\n`);
        exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) exit(code);
  },
  (error: unknown) => {
    process.stderr.write(
      `Dockhand could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    exit(1);
  },
);
