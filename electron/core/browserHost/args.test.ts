import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../flags/parseFlags';
import { BROWSER_HOST_USAGE, DEFAULT_PORT, parseBrowserHostArgs } from './args';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const parse = (...argv: string[]) => parseBrowserHostArgs(argv, '/home/me/work');

function usageError(...argv: string[]): string {
  try {
    parse(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parseBrowserHostArgs', () => {
  it('has defaults', () => {
    expect(parse()).toEqual({
      help: false,
      port: DEFAULT_PORT,
      dataDir: '/home/me/work/.dockhand-web',
      demo: false,
      demoDataset: 'small',
    });
  });

  it('reads every flag; a dataset implies the demo', () => {
    expect(
      parse('--port', '0', '--data-dir', 'd', '--demo-dataset', 'large', '--api-url', 'http://api.test/v2.1'),
    ).toEqual({
      help: false,
      port: 0,
      dataDir: '/home/me/work/d',
      demo: true,
      demoDataset: 'large',
      apiUrl: 'http://api.test/v2.1',
    });
    expect(parse('--demo').demo).toBe(true);
    expect(parse('-h').help).toBe(true);
  });

  it.each([['abc'], ['70000'], ['-1'], ['1.5'], ['']])('names the flag for a bad --port %j', (port) => {
    expect(usageError('--port', port)).toMatch(/port/);
  });

  it('refuses unknown flags, bad datasets and bad URLs without echoing values', () => {
    expect(usageError('--nope')).toContain('--nope');
    expect(usageError('--demo-dataset', 'huge')).toBe('--demo-dataset: must be small or large');
    expect(usageError('--api-url', 'ftp://secret@x')).toBe('--api-url: must be an http(s) URL');
    expect(usageError('--port')).toContain('--port');
  });
});

/** The real entry point, through tsx as `npm run start:web` runs it. */
function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'electron/core/browserHost/cli.ts'), ...argv],
      { cwd: ROOT, timeout: 15_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('cli', () => {
  it('prints the usage for --help', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(BROWSER_HOST_USAGE);
  });

  it('exits 2 with a clear message and the usage for a bad --port', async () => {
    const { code, stderr } = await cli('--port', 'eighty');
    expect(code).toBe(2);
    expect(stderr).toContain('--port: must be a whole number from 0 to 65535');
    expect(stderr).toContain('Usage: npm run start:web');
  });
});
