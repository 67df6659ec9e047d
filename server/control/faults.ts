/**
 * Fault injection for chaos tests: latency, 5xx answers, connection resets, lost responses after a commit and
 * bursts of 429s; and one deterministic misbehaviour, a gateway that echoes the request's credentials in the
 * 400 it answers to every write (for the client's redaction tests). Every random choice comes from a seeded PRNG, and every request draws the same five numbers
 * in the same order whatever the settings, so a run with the same seed, faults and request sequence fails the
 * same requests.
 */
import { z } from 'zod';

const rate = () => z.number().min(0).max(1).default(0);
const millis = () => z.int().min(0).max(60_000).default(0);

/** Every field is optional; setting faults replaces the whole set, so an omitted field means "off". */
export const FaultsSchema = z.strictObject({
  latencyMs: millis(),
  /** Uniform extra delay in [0, jitterMs] added to latencyMs. */
  jitterMs: millis(),
  /** Answer 503 before the handler runs. */
  error5xxRate: rate(),
  /** Destroy the socket before the request is processed. */
  resetRate: rate(),
  /** Run the handler (commit), then destroy the socket without answering. */
  dropAfterCommitRate: rate(),
  /** Chance that a request starts a burst of burst429Length 429s (itself included). */
  burst429Rate: rate(),
  burst429Length: z.int().min(1).max(100_000).default(5),
  burst429RetryAfterSeconds: z.int().min(0).max(3600).default(1),
  /**
   * Answer every write (POST, PUT, PATCH, DELETE) with a 400 problem whose title, detail and `errors` repeat
   * the request's `x-api-key` and `Authorization` headers, before the handler runs, as a careless gateway
   * does. No dice: it draws nothing, so it does not shift the other faults' sequence.
   */
  echoCredentials: z.boolean().default(false),
  /** Re-seeds the PRNG, to replay a chaos run from a known point. */
  seed: z.int().optional(),
});

export type FaultsInput = z.input<typeof FaultsSchema>;
export type Faults = Omit<z.output<typeof FaultsSchema>, 'seed'>;

export const NO_FAULTS: Faults = FaultsSchema.parse({});

/** What to do with one request, decided when it arrives. */
export interface FaultPlan {
  reset: boolean;
  delayMs: number;
  error5xx: boolean;
  /** Seconds for Retry-After when this request is part of a 429 burst. */
  burst429: number | null;
  dropAfterCommit: boolean;
  /** A write is answered 400 repeating its credentials (api.ts builds the answer). */
  echoCredentials: boolean;
}

/** mulberry32: small, fast, and good enough for fault dice. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  private faults: Faults = NO_FAULTS;
  private random: () => number;
  private burstLeft = 0;

  constructor(private readonly initialSeed: number) {
    this.random = mulberry32(initialSeed);
  }

  /** Replaces every fault setting; throws a ZodError on invalid input. */
  set(input: unknown): Faults {
    const { seed, ...faults } = FaultsSchema.parse(input);
    this.faults = faults;
    this.burstLeft = 0;
    if (seed !== undefined) this.random = mulberry32(seed);
    return this.get();
  }

  get(): Faults {
    return { ...this.faults };
  }

  /** No faults, no burst in progress, and the PRNG back at the start-up seed. */
  reset(): void {
    this.faults = NO_FAULTS;
    this.burstLeft = 0;
    this.random = mulberry32(this.initialSeed);
  }

  plan(): FaultPlan {
    const f = this.faults;
    const [reset, jitter, error, burst, drop] = [
      this.random(),
      this.random(),
      this.random(),
      this.random(),
      this.random(),
    ] as [number, number, number, number, number];
    if (this.burstLeft === 0 && burst < f.burst429Rate) this.burstLeft = f.burst429Length;
    const inBurst = this.burstLeft > 0;
    if (inBurst) this.burstLeft--;
    return {
      reset: reset < f.resetRate,
      delayMs: f.latencyMs + Math.round(jitter * f.jitterMs),
      error5xx: error < f.error5xxRate,
      burst429: inBurst ? f.burst429RetryAfterSeconds : null,
      dropAfterCommit: drop < f.dropAfterCommitRate,
      echoCredentials: f.echoCredentials,
    };
  }
}
