/**
 * No import circles in the Node tools: every file under headless/ and server/ (and whatever they import from
 * src/ and electron/) is walked, and any circle that passes through headless/ or server/ fails the test with
 * its path. A circle makes load order decide whether a value is ready (a `const` read before its module ran
 * is a TDZ error that only some entry points hit) and ties modules that should layer; the fix is to move what
 * both sides share into a lower module that both import (headless/chaos/types.ts, server/search/types.ts).
 *
 * Why a test rather than eslint-plugin-import's `import/no-cycle`: the plugin is not installed, and it would
 * resolve every import of every linted file again on each lint run. This walk reads each file once with the
 * TypeScript parser the repo already has.
 *
 * Counted: static `import` and `export … from`, type-only ones included (a type-only circle still ties the
 * two modules together, and the circles were partly type-only). Not counted: `import()` calls, the
 * deliberate way to load a module lazily (server/index.ts loads the dataset and handlers that way).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const GUARDED = ['headless', 'server'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler and tsx resolve it; null for packages and assets. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, join(base, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Static imports and re-exports of a file, type-only ones included. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveImport(file, specifier.text);
      if (target) targets.push(target);
    }
  }
  return targets;
}

/** The import graph reachable from `entries`, files read once each. */
function importGraph(entries: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (graph.has(file)) continue;
    const targets = importsOf(file);
    graph.set(file, targets);
    queue.push(...targets.filter((target) => !graph.has(target)));
  }
  return graph;
}

/**
 * Every knot of circles (Tarjan's strongly connected components of two or more files, or a file importing
 * itself) with one circle through it as a path (`a → b → a`): the shortest way back from its first file.
 */
function circles(graph: Map<string, string[]>): { path: string[]; component: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return components.map((component) => {
    const inside = new Set(component);
    const start = component[0]!;
    // Breadth-first inside the component from `start` until an edge leads back to it.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const node = queue[i]!;
      for (const next of graph.get(node) ?? []) {
        if (next === start) {
          const path = [start];
          for (let at: string | undefined = node; at !== start && at !== undefined; at = cameFrom.get(at))
            path.splice(1, 0, at);
          return { path: [...path, start], component };
        }
        if (inside.has(next) && !cameFrom.has(next) && next !== start) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    return { path: [...component, start], component };
  });
}

describe('import circles', () => {
  const temp = mkdtempSync(join(tmpdir(), 'dockhand-cycles-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('finds a circle, type-only and through an index, and ignores import()', () => {
    const write = (name: string, text: string) => writeFileSync(join(temp, name), text);
    write('a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('b.ts', "import type { C } from './c.js';\nexport const b: C = 1;\n");
    write('c.ts', "export type { A } from './index';\nexport type C = number;\n");
    write('index.ts', "export { a as A } from './a';\n");
    write('lazy.ts', "export const load = () => import('./a');\nimport './leaf';\n");
    write('leaf.ts', "export const later = () => import('./lazy');\n");
    const graph = importGraph([join(temp, 'lazy.ts'), join(temp, 'a.ts')]);
    const found = circles(graph).map(({ path }) => path.map((file) => relative(temp, file)));
    expect(found).toEqual([['a.ts', 'b.ts', 'c.ts', 'index.ts', 'a.ts']]);
    expect(graph.get(join(temp, 'leaf.ts'))).toEqual([]);
  });

  it('has none through headless/ or server/', () => {
    const graph = importGraph(GUARDED.flatMap((folder) => tsFiles(join(ROOT, folder))));
    // The walk really follows imports (a resolver that found nothing would pass vacuously).
    expect(graph.get(join(ROOT, 'headless/chaos/run.ts'))).toContain(join(ROOT, 'headless/chaos/verify.ts'));
    expect(graph.get(join(ROOT, 'server/search/engine.ts'))).toContain(join(ROOT, 'server/search/filter.ts'));
    const guarded = (file: string) => GUARDED.some((folder) => relative(ROOT, file).startsWith(`${folder}/`));
    const name = (file: string) => relative(ROOT, file);
    const found = circles(graph)
      .filter(({ component }) => component.some(guarded))
      .map(({ path, component }) => {
        const others = component.filter((file) => !path.includes(file)).map(name);
        return path.map(name).join(' → ') + (others.length ? ` (and through ${others.join(', ')})` : '');
      });
    expect(found).toEqual([]);
  });
});
