/**
 * `tsx scripts/runTogether.ts NAME…`: runs the named npm scripts at the same time, prints each one's output
 * whole once it ends (never two interleaved), and fails when any of them fails.
 *
 * `npm test` runs the linters and the type checks this way: each is one process busy on one core, so on the
 * 2-core machines the pair takes about as long as the slower one instead of the sum of both.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) throw new Error('usage: tsx scripts/runTogether.ts SCRIPT [SCRIPT…]');

function run(name: string): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    // On Windows npm is a .cmd, which only a shell starts.
    const child = spawn('npm', ['run', name], { shell: process.platform === 'win32' });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`npm run ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
