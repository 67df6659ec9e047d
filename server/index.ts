/**
 * The v2.1 simulator as a module: `startSimulator(options)` builds (or loads) the state, starts the API on
 * 127.0.0.1 and, with `control: true`, the control API on a second loopback port. The CLI (server/cli.ts),
 * the benchmarks and every test that needs an API start it through here.
 */
import { z } from 'zod';
import { createControl, type SimulatorControl } from './control';
import { FaultInjector } from './control/faults';
import { BodyRules } from './control/rules';
import { CONTROL_PREFIX, startControlServer } from './control/server';
import type { HandlerTable } from './domain/context';
import { createApiListener } from './http/api';
import { Authenticator } from './http/auth';
import { HOST, SwitchableServer } from './http/listener';
import { RateLimiter } from './http/rateLimit';
import { Router } from './http/router';
import { loadState, saveState, StateSaver } from './persistence';
import type { SimState } from './state';

/** Keys travel in a header: visible ASCII only. */
const headerToken = () => z.string().regex(/^[\x21-\x7e]+$/, 'Expected visible ASCII characters only');
const port = () => z.int().min(0).max(65535).default(0);

export const SimulatorOptionsSchema = z
  .strictObject({
    /** 0: a free port. */
    port: port(),
    apiKey: headerToken().default('demo-key'),
    /** A second key that authenticates but is refused (403) every purchase order operation. */
    restrictedKey: headerToken().optional(),
    dataset: z.enum(['small', 'large']).default('small'),
    seed: z.int().default(1),
    /** Requests a minute per key. */
    rateLimit: z.int().min(1).default(300),
    tokenTtlSeconds: z.int().min(1).default(3600),
    /** Serve the control API on a second port (controlUrl). */
    control: z.boolean().default(false),
    controlPort: port(),
    /** Seed of the fault PRNG, so chaos runs replay. */
    faultSeed: z.int().default(1),
    dataFile: z.string().min(1).optional(),
    /**
     * Check every response body against the contract; 500 on a mismatch. Unset: on when the environment has
     * DOCKHAND_VALIDATE_RESPONSES=1, which the test runners set (vitest.config.ts, playwright.config.ts), off
     * otherwise: the demo, `npm run api` (its --validate-responses turns it on) and benchmarks serve without
     * it, since checking a 40 MB page costs more than building it.
     */
    validateResponses: z.boolean().optional(),
    now: z.custom<() => Date>((value) => typeof value === 'function', 'Expected a function').optional(),
    /** Use this state instead of generating one (ignored when dataFile exists). */
    state: z
      .custom<SimState>((value) => typeof value === 'object' && value !== null && 'purchaseOrders' in value)
      .optional(),
    /** Defaults to the real handlers; an operation without a handler answers 501. */
    handlers: z
      .custom<Partial<HandlerTable>>((value) => typeof value === 'object' && value !== null)
      .optional(),
  })
  .refine((options) => options.restrictedKey !== options.apiKey, {
    message: 'The restricted key must differ from the API key',
    path: ['restrictedKey'],
  });

export type SimulatorOptions = z.input<typeof SimulatorOptionsSchema>;

/** The environment's say on response validation when the options leave it unset (see validateResponses). */
export const VALIDATE_RESPONSES_ENV = 'DOCKHAND_VALIDATE_RESPONSES';
export function responseValidationRequested(env: Record<string, string | undefined>): boolean {
  return env[VALIDATE_RESPONSES_ENV] === '1';
}

export interface Simulator {
  /** `http://127.0.0.1:PORT/v2.1`; the `/v2` operations are at `${origin}/v2`. */
  baseUrl: string;
  origin: string;
  port: number;
  /** `http://127.0.0.1:CONTROL_PORT/__sim`, when started with `control: true`. */
  controlUrl?: string;
  state: SimState;
  control: SimulatorControl;
  /** Closes both ports and writes the data file (when there is one). Idempotent. */
  stop(): Promise<void>;
}

type Options = z.output<typeof SimulatorOptionsSchema>;

/** The generator is loaded only when needed, so a caller passing its own state never pays for it. */
async function generate(options: Options): Promise<SimState> {
  const { generateState } = await import('./data');
  return generateState({ dataset: options.dataset, seed: options.seed });
}

async function initialState(options: Options): Promise<SimState> {
  if (!options.dataFile) return options.state ?? (await generate(options));
  const loaded = await loadState(options.dataFile);
  if (loaded) return loaded;
  const state = options.state ?? (await generate(options));
  await saveState(options.dataFile, state);
  return state;
}

export async function startSimulator(input: SimulatorOptions = {}): Promise<Simulator> {
  const options = SimulatorOptionsSchema.parse(input);
  const now = options.now ?? (() => new Date());
  const state = await initialState(options);
  const handlers = options.handlers ?? (await import('./domain')).handlers;
  const saver = options.dataFile ? new StateSaver(options.dataFile, state) : null;
  const faults = new FaultInjector(options.faultSeed);
  const rules = new BodyRules();

  const api = new SwitchableServer(
    createApiListener({
      router: new Router(),
      auth: new Authenticator(options.apiKey, options.restrictedKey, options.tokenTtlSeconds, now),
      limiter: new RateLimiter(options.rateLimit, now),
      state,
      handlers,
      now,
      validateResponses: options.validateResponses ?? responseValidationRequested(process.env),
      faults,
      rules,
      onMutation: () => saver?.schedule(),
    }),
  );
  await api.listen(options.port);

  let stopped = false;
  const inner = createControl({ faults, api, state, rules });
  const control: SimulatorControl = {
    ...inner,
    setOffline: async (offline) => {
      if (stopped) throw new Error('The simulator is stopped');
      await inner.setOffline(offline);
    },
  };

  let controlServer: SwitchableServer | null = null;
  try {
    if (options.control) controlServer = await startControlServer(control, options.controlPort);
  } catch (error) {
    await api.close();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  const origin = `http://${HOST}:${api.port}`;
  return {
    baseUrl: `${origin}/v2.1`,
    origin,
    port: api.port,
    ...(controlServer ? { controlUrl: `http://${HOST}:${controlServer.port}${CONTROL_PREFIX}` } : {}),
    state,
    control,
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        await Promise.all([api.close(), controlServer?.close()]);
        await saver?.flush();
      })()),
  };
}

export type { SimulatorControl, SimSnapshot, OrderView, Faults, FaultsInput, BodyRule } from './control';
