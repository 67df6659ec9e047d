/** `npm run api` as a child process: prints its URLs, serves, exits 0 on SIGINT; bad flags exit 2. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureState } from './http/testing';
import { serialiseState } from './persistence';

const CLI = join(import.meta.dirname, 'cli.ts');

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const poll = setInterval(() => {
        const match = pattern.exec(stdout);
        if (match) {
          clearInterval(poll);
          resolve(match);
        } else if (child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`exited ${child.exitCode}: ${stderr}`));
        }
      }, 25);
    });
  return { child, exited, output, stderr: () => stderr };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dockhand-cli-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('server/cli.ts', () => {
  it('prints the base and control URLs, serves, and exits 0 on SIGINT', async () => {
    // A data file keeps the test independent of the generator's speed.
    const file = join(dir, 'state.json');
    await writeFile(file, serialiseState(fixtureState()));
    const cli = run(['--port', '0', '--control', '--data', file, '--api-key', 'cli-key']);
    const [, baseUrl] = await cli.output(/(http:\/\/127\.0\.0\.1:\d+\/v2\.1)\n/);
    const [, controlUrl] = await cli.output(/Control API: (http:\/\/127\.0\.0\.1:\d+\/__sim)\n/);

    const token = await fetch(`${baseUrl!}/auth/token`, { headers: { 'x-api-key': 'cli-key' } });
    expect(token.status).toBe(200);
    expect((await fetch(`${controlUrl!}/state`)).status).toBe(200);

    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it.each([['--port', 'abc'], ['--dataset', 'huge'], ['--bogus'], ['extra']])(
    'exits 2 with the usage for %s',
    async (...args) => {
      const cli = run(args);
      expect(await cli.exited).toBe(2);
      expect(cli.stderr()).toContain('Usage: npm run api');
    },
  );

  it('exits 1 with a clear message on a corrupt data file', async () => {
    const file = join(dir, 'state.json');
    await writeFile(file, 'not json');
    const cli = run(['--port', '0', '--data', file]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain('Cannot load simulator data');
  });
});
