/**
 * The browser host's flags (`npm run start:web -- [flags]`), parsed in the headless tools' style
 * (../cli/args.ts): node:util for the syntax, zod for the meaning, a UsageError naming the flag.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DemoDatasetSchema } from '../../../src/bridge/contract';
import { parseFlags, withoutValue } from '../flags/parseFlags';

export const DEFAULT_PORT = 5780;
export const DEFAULT_DATA_DIR = '.dockhand-web';

export const BROWSER_HOST_USAGE = `Usage: npm run start:web -- [options]

Runs Dockhand in your browser: serves the app on 127.0.0.1 and prints the address to open.

  --port N                 port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 = any free port)
  --data-dir DIR           where the encrypted connection and demo data are kept (default ./${DEFAULT_DATA_DIR})
  --demo                   start in demo mode (a built-in simulated API) unless a connection is saved
  --demo-dataset NAME      small | large (default small; implies --demo)
  --api-url URL            pre-fill the connect form with this API base URL (…/v2.1)
  --help                   this text`;

const FLAGS = {
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  demo: { type: 'boolean' },
  'demo-dataset': { type: 'string' },
  'api-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const FlagsSchema = z.strictObject({
  port: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .pipe(z.int().max(65535, 'must be a whole number from 0 to 65535'))
    .default(DEFAULT_PORT),
  'data-dir': z.string().min(1, 'must not be empty').default(DEFAULT_DATA_DIR),
  demo: z.boolean().default(false),
  'demo-dataset': z.enum(DemoDatasetSchema.options, withoutValue('must be small or large')).optional(),
  'api-url': z.url({ protocol: /^https?$/, ...withoutValue('must be an http(s) URL') }).optional(),
  help: z.boolean().default(false),
});

export interface BrowserHostArgs {
  help: boolean;
  port: number;
  /** Absolute. */
  dataDir: string;
  demo: boolean;
  demoDataset: 'small' | 'large';
  apiUrl?: string;
}

/** @param cwd what a relative --data-dir is relative to. Throws UsageError on bad flags. */
export function parseBrowserHostArgs(argv: readonly string[], cwd: string): BrowserHostArgs {
  const flags = parseFlags(argv, FLAGS, FlagsSchema);
  return {
    help: flags.help,
    port: flags.port,
    dataDir: resolve(cwd, flags['data-dir']),
    demo: flags.demo || flags['demo-dataset'] !== undefined,
    demoDataset: flags['demo-dataset'] ?? 'small',
    ...(flags['api-url'] ? { apiUrl: flags['api-url'] } : {}),
  };
}
