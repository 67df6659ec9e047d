/**
 * The flags the two scan benchmarks (../receiving/run.ts, ../sync/run.ts) share: how many scans, warm-up
 * scans, the pause between bursts, the CPU rates, and the harness's own switches (--fresh, --profile,
 * --trace, --dir). Each runner names its defaults and adds its own flags.
 */
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

interface ScanDefaults {
  scans: string;
  warmUp: string;
  pauseMs: string;
  rates: string;
  /** The folder under the OS temp dir for builds and the browser profile. */
  dir: string;
}

/** The parseArgs options of the shared flags. */
export function scanFlagOptions(defaults: ScanDefaults) {
  return {
    scans: { type: 'string', default: defaults.scans },
    'warm-up': { type: 'string', default: defaults.warmUp },
    'pause-ms': { type: 'string', default: defaults.pauseMs },
    rates: { type: 'string', default: defaults.rates },
    fresh: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(tmpdir(), defaults.dir) },
  } as const;
}

/** A flag's whole number, or an error naming the flag. */
export function wholeNumber(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not "${text}"`);
  return n;
}

interface ScanValues {
  scans: string;
  'warm-up': string;
  'pause-ms': string;
  rates: string;
  fresh: boolean;
  profile: boolean;
  trace: boolean;
  dir: string;
}

/** The shared flags read: counts checked, rates at least 1, the folder absolute. */
export function scanFlags(values: ScanValues) {
  return {
    scans: wholeNumber('scans', values.scans),
    warmUp: wholeNumber('warm-up', values['warm-up']),
    pauseMs: wholeNumber('pause-ms', values['pause-ms']),
    rates: values.rates.split(',').map((rate) => Math.max(1, wholeNumber('rates', rate))),
    fresh: values.fresh,
    profile: values.profile,
    trace: values.trace,
    dir: resolve(values.dir),
  };
}
