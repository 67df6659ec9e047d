/**
 * The stress bench's CPU-burning neighbour (./neighbour.ts starts it): a busy PC's other work (antivirus,
 * printing), as a loop that spins for `duty` of every `periodMs` and sleeps the rest, on one core. Bounded:
 * it exits after `maxMs` whatever happens, and at once when its parent goes (the IPC channel closes).
 *
 * Usage: node --import tsx bench/stress/burner.ts DUTY PERIOD_MS MAX_MS
 */
const [duty = 1, periodMs = 100, maxMs = 60_000] = process.argv.slice(2).map(Number);
const end = Date.now() + maxMs;
let sink = 0;

function period() {
  const start = Date.now();
  if (start >= end) process.exit(0);
  while (Date.now() - start < duty * periodMs) sink = (sink * 31 + 7) % 1_000_003;
  setTimeout(period, Math.max(0, (1 - duty) * periodMs));
}

process.on('disconnect', () => process.exit(0));
period();
