/**
 * The simulator in a process of its own (server/cli.ts), as the API is to the app: its request handling
 * does not share the bench's thread with the engine and the store. Faults (the latency) are set through its
 * control API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SimulatorProcess {
  baseUrl: string;
  controlUrl: string;
  setLatency(ms: number): Promise<void>;
  stop(): Promise<void>;
}

export async function spawnSimulator(): Promise<SimulatorProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--rate-limit', '1000000000', '--control'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  let baseUrl = '';
  let controlUrl = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
    lines.on('line', (line) => {
      baseUrl = /^Dockhand API simulator: (\S+)/.exec(line)?.[1] ?? baseUrl;
      controlUrl = /^Control API: (\S+)/.exec(line)?.[1] ?? controlUrl;
      if (baseUrl && controlUrl) resolve();
    });
  });
  return {
    baseUrl,
    controlUrl,
    async setLatency(ms) {
      const response = await fetch(`${controlUrl}/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ latencyMs: ms, jitterMs: 0 }),
      });
      if (!response.ok) throw new Error(`setting the latency failed: ${response.status}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
