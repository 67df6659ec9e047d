/**
 * The headless benches' processes (./run.ts, bench/stress/resume.ts): a bench child (./syncChild.ts,
 * ./rawChild.ts) run to its result line, and the demo simulator (server/cli.ts) in a process of its own with
 * its rate limit lifted.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { RESULT_PREFIX, type ChildResult } from './measure';

/** Runs `node --import tsx script ...args`, passing its stderr through; answers its result line. */
export function child(script: string, args: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: ChildResult | undefined;
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (line.startsWith(RESULT_PREFIX))
        result = JSON.parse(line.slice(RESULT_PREFIX.length)) as ChildResult;
    });
    proc.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`${script} exited ${code} without a result`)),
    );
  });
}

/**
 * As `child`, with its stderr read line by line by `watch` (and not passed through but for warnings and
 * errors), which may kill it (SIGKILL, as a power cut would): then the answer is 'killed'.
 */
export function watchedChild(
  script: string,
  args: string[],
  watch: (line: string, kill: () => void) => void,
): Promise<ChildResult | 'killed'> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let result: ChildResult | undefined;
    let killed = false;
    const kill = () => {
      killed = true;
      proc.kill('SIGKILL');
    };
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (line.startsWith(RESULT_PREFIX))
        result = JSON.parse(line.slice(RESULT_PREFIX.length)) as ChildResult;
    });
    createInterface({ input: proc.stderr }).on('line', (line) => {
      if (/^(warning|error)/.test(line)) process.stderr.write(`  ${line}\n`);
      if (!killed) watch(line, kill);
    });
    proc.once('exit', (code) => {
      if (killed) resolve('killed');
      else if (result) resolve(result);
      else reject(new Error(`${script} exited ${code} without a result`));
    });
  });
}

export async function startSimulator(dataset: string) {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--dataset', dataset, '--rate-limit', '1000000000'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const url = /^Dockhand API simulator: (\S+)/.exec(line)?.[1];
      if (url) resolve(url);
    });
  });
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
