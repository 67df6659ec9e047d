/**
 * Every write the engine can replay is one a screen can make: each op kind of the catalog is named by an
 * edit module (a file under src/db that calls `enqueue` or `saveRecordUpdate`) that a screen (a file under src/screens or
 * src/components) imports. A kind the engine knows but no screen queues fails here, by name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OP_KINDS } from './ops';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

/** `../../db/edits/removeOrderLine` in a screen → the module's path without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((match) => join(file, '..', match[1]!));
}

describe('every op kind is queued by some screen', () => {
  const editModules = sourceFiles(join(SRC, 'db'))
    .filter((file) => !file.endsWith('outbox.ts'))
    // An update of a cached record is queued through saveRecordUpdate (edits/queueEdit.ts), which enqueues it.
    .filter((file) => /\b(enqueue|saveRecordUpdate)[(<]/.test(readFileSync(file, 'utf8')));
  const screens = [...sourceFiles(join(SRC, 'screens')), ...sourceFiles(join(SRC, 'components'))];
  const imported = new Set(screens.flatMap(importsOf));
  const used = editModules.filter((file) => imported.has(file.replace(/\.ts$/, '')));

  it('finds the edit modules and the screens that use them', () => {
    expect(editModules.length).toBeGreaterThan(5);
    expect(used.map((file) => relative(SRC, file))).toContain(join('db', 'edits', 'removeOrderLine.ts'));
  });

  it.each(OP_KINDS)('%s', (kind) => {
    const queuedBy = used.filter((file) => readFileSync(file, 'utf8').includes(`'${kind}'`));
    expect(
      queuedBy.map((file) => relative(SRC, file)),
      `no screen queues ${kind}`,
    ).not.toEqual([]);
  });
});
