/**
 * `npm run api -- [flags]`: runs the simulator until SIGINT/SIGTERM, then stops it (writing the data file).
 * Exit codes: 0 after a clean stop, 1 when it cannot start (port taken, unreadable data file), 2 on bad flags.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startSimulator } from './index';

export const USAGE = `Usage: npm run api -- [options]

  --port N              API port on 127.0.0.1 (default 8787; 0 = any free port)
  --api-key KEY         the API key (default demo-key)
  --restricted-key KEY  a second key that gets 403 on purchase order operations
  --dataset NAME        small | large (default small)
  --seed N              generator seed (default 1)
  --rate-limit N        requests a minute per key (default 300)
  --token-ttl SECONDS   bearer token lifetime (default 3600)
  --control             serve the test control API (/__sim) on a second port
  --control-port N      its port (default 0 = any free port)
  --fault-seed N        seed of the fault PRNG (default 1)
  --data FILE           load the state from FILE (generate and save it when missing); save changes to it
  --validate-responses  check every response against the contract (500 on a mismatch; default off, as in
                        the demo: tests turn it on)
  --help                this text`;

const integer = (min: number, max: number) =>
  z.string().regex(/^\d+$/, 'Expected a whole number').transform(Number).pipe(z.int().min(min).max(max));

const FlagsSchema = z.strictObject({
  port: integer(0, 65535).default(8787),
  'api-key': z.string().min(1).default('demo-key'),
  'restricted-key': z.string().min(1).optional(),
  dataset: z.enum(['small', 'large']).default('small'),
  seed: integer(0, 2 ** 31 - 1).default(1),
  'rate-limit': integer(1, 1_000_000_000).default(300),
  'token-ttl': integer(1, 10 * 365 * 24 * 3600).default(3600),
  control: z.boolean().default(false),
  'control-port': integer(0, 65535).default(0),
  'fault-seed': integer(0, 2 ** 31 - 1).default(1),
  data: z.string().min(1).optional(),
  'validate-responses': z.boolean().default(false),
  help: z.boolean().default(false),
});

function parseFlags(argv: string[]) {
  const string = { type: 'string' } as const;
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: string,
      'api-key': string,
      'restricted-key': string,
      dataset: string,
      seed: string,
      'rate-limit': string,
      'token-ttl': string,
      control: { type: 'boolean' },
      'control-port': string,
      'fault-seed': string,
      data: string,
      'validate-responses': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  return FlagsSchema.parse(values);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let flags: z.output<typeof FlagsSchema>;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    const message =
      error instanceof z.ZodError
        ? error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')
        : error instanceof Error
          ? error.message
          : String(error);
    fail(message);
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const simulator = await startSimulator({
    port: flags.port,
    apiKey: flags['api-key'],
    restrictedKey: flags['restricted-key'],
    dataset: flags.dataset,
    seed: flags.seed,
    rateLimit: flags['rate-limit'],
    tokenTtlSeconds: flags['token-ttl'],
    control: flags.control,
    controlPort: flags['control-port'],
    faultSeed: flags['fault-seed'],
    dataFile: flags.data,
    // The flag, or the test runners' environment (a test that spawns this script).
    ...(flags['validate-responses'] ? { validateResponses: true } : {}),
  });
  process.stdout.write(`Dockhand API simulator: ${simulator.baseUrl}\n`);
  if (simulator.controlUrl) process.stdout.write(`Control API: ${simulator.controlUrl}\n`);

  const shutdown = (signal: string) => {
    process.stdout.write(`${signal}: stopping\n`);
    simulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
