/**
 * The simulator process of the HTTP benchmark (server/bench/http.ts spawns it): the large dataset without
 * response validation, as `npm run api` would serve it to the desktop app, in its own process so that the
 * benchmark's client allocations (fetch buffers a 40 MB body) do not trigger collections of the simulator's
 * heap. Prints `{"baseUrl": ...}` on one line when listening; stops when its stdin closes.
 */
import { startBenchSimulator } from './benchSimulator';

async function main() {
  const dataset = process.argv[2] === 'large' ? 'large' : 'small';
  const sim = await startBenchSimulator(dataset);
  process.stdout.write(`${JSON.stringify({ baseUrl: sim.baseUrl })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void sim.stop().then(() => process.exit(0)));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
