/**
 * What a bench child reports on stdout as its last line: wall time of the work itself (not tsx's start-up),
 * CPU (user + system), peak RSS, and the GETs it made with the bytes they carried (Content-Length).
 */
export interface ChildResult {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  requests: number;
  bytes: number;
  /** The sync's exit code (0 for the raw baseline). */
  code: number;
}

export const RESULT_PREFIX = 'BENCH-RESULT ';

/** Starts the clocks; `finish` prints the result line. */
export function measure() {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return (fields: Pick<ChildResult, 'requests' | 'bytes' | 'code'>): void => {
    const used = process.cpuUsage(cpu);
    const result: ChildResult = {
      wallMs: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      // resourceUsage().maxRSS is in KiB: the high-water mark of the whole process, sampled by the kernel.
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      ...fields,
    };
    process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
  };
}
