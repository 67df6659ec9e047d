/**
 * `--profile`: a V8 CPU profile of the page over a scan run (CDP Profiler), saved for DevTools, and its
 * hottest functions by self and by inclusive time, each named by its file and line in this repository (the
 * harness is then built unminified, with source maps: ./sourceMap.ts). `(program)` is the renderer's native
 * work outside JavaScript: style, layout, paint.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { SourceMap, type SourcePosition } from './sourceMap';
import { round } from './stats';

const REPO = resolve(import.meta.dirname, '../..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function profileDuring<T>(
  page: Page,
  run: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  // 100 µs between samples: scans are a few milliseconds of work each.
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  try {
    const result = await run();
    const { profile } = await session.send('Profiler.stop');
    return { result, profile: profile as CpuProfile };
  } finally {
    await session.detach();
  }
}

/** Where a profiled frame comes from: a file of this repository and its line, through the bundles' maps. */
export async function frameLocator(
  pageDir: string,
): Promise<(frame: ProfileNode['callFrame']) => SourcePosition> {
  const assets = join(pageDir, 'assets');
  const maps = new Map<string, SourceMap>();
  for (const name of await readdir(assets))
    if (name.endsWith('.js.map'))
      maps.set(name.slice(0, -'.map'.length), await SourceMap.read(join(assets, name), REPO));
  return ({ url, lineNumber, columnNumber }) => {
    const script = url.split('/').pop() ?? '';
    const map = maps.get(script);
    if (!map) return { file: url ? script : '(native)', line: lineNumber + 1 };
    return map.at(lineNumber, columnNumber) ?? { file: `${script} (unmapped)`, line: lineNumber + 1 };
  };
}

export interface HotFunction {
  function: string;
  file: string;
  line: number;
  selfMsPerScan: number;
  totalMsPerScan: number;
}

/**
 * Every function's self time and inclusive time (a recursive call counted once, at its outermost frame), in
 * ms per scan of the `scans` the profile covers; `(idle)` left out.
 */
export async function hotFunctions(
  profile: CpuProfile,
  pageDir: string,
  scans: number,
): Promise<HotFunction[]> {
  const locate = await frameLocator(pageDir);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = new Map<number, number>();
  const totalOf = (id: number): number => {
    const known = total.get(id);
    if (known !== undefined) return known;
    const children = byId.get(id)?.children ?? [];
    const sum = (self.get(id) ?? 0) + children.reduce((acc, child) => acc + totalOf(child), 0);
    total.set(id, sum);
    return sum;
  };
  const keyOf = ({ callFrame: { functionName, url, lineNumber, columnNumber } }: ProfileNode) =>
    `${functionName}@${url}:${lineNumber}:${columnNumber}`;
  const nestedInItself = (node: ProfileNode) => {
    for (let up = parentOf.get(node.id); up !== undefined; up = parentOf.get(up))
      if (keyOf(byId.get(up)!) === keyOf(node)) return true;
    return false;
  };
  const rows = new Map<
    string,
    { function: string; file: string; line: number; self: number; total: number }
  >();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName === '(idle)') continue;
    const { file, line } = locate(node.callFrame);
    const row = rows.get(keyOf(node)) ?? {
      function: node.callFrame.functionName || '(anonymous)',
      file,
      line,
      self: 0,
      total: 0,
    };
    row.self += self.get(node.id) ?? 0;
    if (!nestedInItself(node)) row.total += totalOf(node.id);
    rows.set(keyOf(node), row);
  }
  return [...rows.values()].map(({ self: selfMs, total: totalMs, ...row }) => ({
    ...row,
    selfMsPerScan: round(selfMs / scans, 2),
    totalMsPerScan: round(totalMs / scans, 2),
  }));
}

/** The `top` functions by one of the times. */
export function hottest(rows: readonly HotFunction[], by: 'selfMsPerScan' | 'totalMsPerScan', top = 20) {
  return [...rows].sort((a, b) => b[by] - a[by]).slice(0, top);
}

export async function saveProfile(profile: CpuProfile, file: string): Promise<void> {
  await writeFile(file, JSON.stringify(profile));
}
