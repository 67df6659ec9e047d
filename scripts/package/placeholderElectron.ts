/**
 * A stand-in for Electron's Linux distribution, for `npm run package:check` on machines where the binary cannot
 * be downloaded. electron-builder copies the folder as the app's skeleton, renames `electron` to the
 * executable name and flips the fuses in it with @electron/fuses, which looks for the fuse wire after a sentinel.
 * So the stand-in carries a wire too, with every fuse we configure set the other way: after packaging, each one
 * must have been flipped, which shows that electron-builder applied `electronFuses` to the executable. (A real
 * Electron 45 binary has its own wire; what Electron then does with each fuse is not checked here.)
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseState, FuseV1Options, SENTINEL } from './fuseWire';

export interface FuseExpectation {
  readonly fuse: FuseV1Options;
  readonly on: boolean;
}

/** The fuses issues #14 and #25 ask for, as electron-builder.yml's `electronFuses` sets them. */
export const REQUIRED_FUSES: readonly FuseExpectation[] = [
  { fuse: FuseV1Options.RunAsNode, on: false },
  { fuse: FuseV1Options.EnableCookieEncryption, on: true },
  { fuse: FuseV1Options.EnableNodeOptionsEnvironmentVariable, on: false },
  { fuse: FuseV1Options.EnableNodeCliInspectArguments, on: false },
  { fuse: FuseV1Options.EnableEmbeddedAsarIntegrityValidation, on: true },
  { fuse: FuseV1Options.OnlyLoadAppFromAsar, on: true },
  // Issue 25: the renderer is never a file:// page.
  { fuse: FuseV1Options.GrantFileProtocolExtraPrivileges, on: false },
];

const WIRE_LENGTH = 8;

/** Writes the stand-in distribution into `dir` and returns `dir` (electron-builder's `electronDist`). */
export function writePlaceholderElectron(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const wire = Array.from({ length: WIRE_LENGTH }, () => FuseState.DISABLE as number);
  for (const { fuse, on } of REQUIRED_FUSES) wire[fuse] = on ? FuseState.DISABLE : FuseState.ENABLE;
  const executable = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "placeholder Electron written by npm run package:check"; exit 1\n'),
    Buffer.from(SENTINEL, 'latin1'),
    Buffer.from([1, WIRE_LENGTH, ...wire]),
    Buffer.from('\n'),
  ]);
  writeFileSync(join(dir, 'electron'), executable);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'LICENSE'), 'placeholder: no Electron license, no Electron\n');
  return dir;
}

/** The fuse states after the sentinel of `executable`, by index. */
export function readFuseWire(executable: string): number[] {
  const bytes = readFileSync(executable);
  const at = bytes.indexOf(SENTINEL, 0, 'latin1');
  if (at === -1) throw new Error(`${executable}: no fuse sentinel`);
  const start = at + SENTINEL.length;
  return [...bytes.subarray(start + 2, start + 2 + bytes[start + 1]!)];
}

/** Each required fuse the wire does not hold, in words. */
export function fuseProblems(wire: readonly number[]): string[] {
  return REQUIRED_FUSES.flatMap(({ fuse, on }) => {
    const want = on ? FuseState.ENABLE : FuseState.DISABLE;
    return wire[fuse] === want
      ? []
      : [`fuse ${FuseV1Options[fuse]} is not ${on ? 'on' : 'off'} in the executable`];
  });
}
