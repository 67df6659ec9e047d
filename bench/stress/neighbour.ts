/**
 * A bounded CPU-burning neighbour on the host (./burner.ts): `cores` processes, each spinning `duty` of the
 * time. Each stops by itself after `maxMs`, when this process goes (IPC), and when `stop()` kills it; this
 * process also kills them on exit, so a failed bench never leaves one spinning.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface NeighbourOptions {
  cores: number;
  /** 0–1: the share of each period spent spinning. */
  duty: number;
  /** The longest it may run, in ms. */
  maxMs: number;
  periodMs?: number;
}

const BURNER = resolve(import.meta.dirname, 'burner.ts');

export function startNeighbour(options: NeighbourOptions): { stop(): Promise<void> } {
  const args = [String(options.duty), String(options.periodMs ?? 100), String(options.maxMs)];
  const children: ChildProcess[] = Array.from({ length: options.cores }, () =>
    spawn(process.execPath, ['--import', 'tsx', BURNER, ...args], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const killAll = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  return {
    async stop() {
      process.off('exit', killAll);
      const exited = children.map(
        (child) =>
          new Promise<void>((done) =>
            child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
          ),
      );
      killAll();
      await Promise.all(exited);
    },
  };
}
