/**
 * Just enough of the Source Map v3 format to say which source file and line a position of the built harness
 * comes from, so a CPU profile (./profile.ts) names files of this repository. Vite writes the maps next to
 * the bundle when the harness is built for profiling (./build.ts).
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One segment's fields as Base64 VLQ numbers (relative to the previous segment's, as the format has it). */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** A generated column and where it comes from: source index and 0-based source line. */
type Segment = [column: number, source: number, line: number];

export interface SourcePosition {
  /** Relative to the repository root. */
  file: string;
  /** 1-based. */
  line: number;
}

export class SourceMap {
  private constructor(
    private readonly files: readonly string[],
    private readonly lines: readonly Segment[][],
  ) {}

  static async read(mapFile: string, repoRoot: string): Promise<SourceMap> {
    const map = JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    const files = map.sources.map((source) => relative(repoRoot, resolve(dirname(mapFile), source)));
    let source = 0;
    let line = 0;
    const lines = map.mappings.split(';').map((text) => {
      let column = 0;
      const segments: Segment[] = [];
      for (const part of text.split(',')) {
        if (!part) continue;
        const [dColumn = 0, dSource, dLine] = decodeVlq(part);
        column += dColumn;
        if (dSource === undefined || dLine === undefined) continue;
        source += dSource;
        line += dLine;
        segments.push([column, source, line]);
      }
      return segments;
    });
    return new SourceMap(files, lines);
  }

  /** The source of a 0-based generated line and column, or null where the map says nothing. */
  at(line: number, column: number): SourcePosition | null {
    let found: Segment | undefined;
    for (const segment of this.lines[line] ?? []) {
      if (segment[0] > column) break;
      found = segment;
    }
    const file = found && this.files[found[1]];
    return found && file !== undefined ? { file, line: found[2] + 1 } : null;
  }
}
