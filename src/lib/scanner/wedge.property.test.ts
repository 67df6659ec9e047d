/**
 * The wedge detector never accepts a wrong code, whatever the timing: generated sessions of scans (keys
 * 1–15 ms apart), stalls of 50–1,000 ms at random points inside them (the keys' own time stamps show the
 * gap, as when the USB or OS holds the scanner up), pages blocked by long tasks (keys queued with their
 * true time stamps, timers firing late), and keys typed by hand in between (80–400 ms apart, sometimes a
 * quantity such as 12x, sometimes ending in Enter, Tab or Backspace). All on a fake clock.
 *
 * Safety: every accepted code is the code of the scan whose Enter (or suffix) was the key just pressed,
 * and that scan arrived whole: no stall inside it, or framed by the prefix; and an Enter let through to
 * the field (where the scan field takes it as a typed code) never hands over keys the scanner sent.
 * Liveness, so the detector cannot pass by refusing everything: a whole scan nothing was typed shortly before, on an unblocked
 * page, is accepted. The codes are GS1 barcodes with valid check digits, SKUs starting with a letter, and
 * GS1 carton labels (element strings, with or without symbology identifier) whose FNC1 the wedge types as
 * GS, as Ctrl+] or as Ctrl on the key a German layout calls "+": no code starts like a typed quantity
 * (src/db/receiving/typedQuantity.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUP_SEPARATOR } from '../../db/receiving/gs1';
import { gtinCheckDigit, passesCheckDigit } from '../../db/receiving/gtin';
import { createWedgeDetector, SPLIT_WINDOW_MS } from './wedge';

const THRESHOLD = 35;
const MIN_LENGTH = 6;

interface Press {
  key: string;
  /** Ctrl held, and the physical key: how a wedge types FNC1. */
  ctrl?: boolean;
  code?: string;
  at: number;
  /** The scan this key belongs to, or -1 for a person's key. */
  scan: number;
}

interface SentScan {
  code: string;
  firstAt: number;
  /** Its keys came without a stall between them. */
  unbroken: boolean;
}

interface Block {
  start: number;
  end: number;
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
const gtin = fc
  .constantFrom(7, 11, 12, 13)
  .chain((length) => digits(length, length))
  .map((body) => `${body}${gtinCheckDigit(body)}`);
const sku = fc
  .tuple(
    fc.constantFrom(...'ABDEFGHKLMNPRSTW'),
    fc.array(fc.constantFrom(...'ABCKLMXZ0123456789-'), { minLength: 5, maxLength: 11 }),
  )
  .map(([first, rest]) => first + rest.join(''));

/** A carton label: GTIN, maybe a lot ended by FNC1, and a count. */
const gs1Label = fc
  .tuple(
    fc.constantFrom('', ']C1', ']d2'),
    digits(13, 13).map((body) => `${body}${gtinCheckDigit(body)}`),
    fc.option(fc.array(fc.constantFrom(...'AB7-/.'), { minLength: 1, maxLength: 8 })),
    fc.integer({ min: 1, max: 9999 }),
  )
  .map(
    ([symbology, gtin14, lot, count]) =>
      `${symbology}01${gtin14}${lot ? `10${lot.join('')}${GROUP_SEPARATOR}` : ''}30${count}`,
  );
/** How the wedge types FNC1: the GS character, Ctrl+], or Ctrl on that key under a German layout ("+"). */
const FNC1_KEYS: readonly Omit<Press, 'at' | 'scan'>[] = [
  { key: GROUP_SEPARATOR },
  { key: ']', ctrl: true, code: 'BracketRight' },
  { key: '+', ctrl: true, code: 'BracketRight' },
];

const stall = fc.integer({ min: 50, max: 1000 });
const scanEvent = fc.record({
  kind: fc.constant('scan' as const),
  code: fc.oneof(gtin, sku, gs1Label),
  fnc1: fc.nat({ max: FNC1_KEYS.length - 1 }),
  gaps: fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 20, maxLength: 20 }),
  /** Where the scanner stalls: before one of its keys after the first (the Enter included). */
  stalls: fc.oneof(
    fc.constant<[number, number][]>([]),
    fc.array(fc.tuple(fc.nat(), stall), { minLength: 1, maxLength: 2 }),
  ),
});
const humanEvent = fc.record({
  kind: fc.constant('human' as const),
  text: fc.oneof(
    fc.string({ unit: fc.constantFrom(...'0123456789abcx* '), minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1, max: 99 }).map((n) => `${n}x`),
  ),
  gaps: fc.array(fc.integer({ min: 80, max: 400 }), { minLength: 8, maxLength: 8 }),
  end: fc.constantFrom('', 'Enter', 'Tab', 'Backspace'),
});
const session = fc.record({
  events: fc.array(fc.tuple(fc.oneof(scanEvent, scanEvent, humanEvent), fc.integer({ min: 80, max: 2500 })), {
    minLength: 1,
    maxLength: 8,
  }),
  blocks: fc.array(fc.tuple(fc.nat(), stall), { maxLength: 3 }),
  keysFirst: fc.boolean(),
});

type Session = typeof session extends fc.Arbitrary<infer T> ? T : never;

/** The presses of a session on the keyboard's clock, and what each scan sent. */
function timeline(generated: Session, prefix: string, suffix: string) {
  const presses: Press[] = [];
  const scans: SentScan[] = [];
  let at = 0;
  for (const [event, pause] of generated.events) {
    at += pause;
    if (event.kind === 'human') {
      [...event.text, ...(event.end ? [event.end] : [])].forEach((key, i) => {
        if (i > 0) at += event.gaps[i % event.gaps.length]!;
        presses.push({ key, at, scan: -1 });
      });
      continue;
    }
    const keys = [...prefix, ...event.code, ...(suffix || 'Enter').split(/(?=Enter)/)];
    const stallAt = new Map(event.stalls.map(([position, ms]) => [1 + (position % (keys.length - 1)), ms]));
    const index = scans.length;
    scans.push({ code: event.code, firstAt: at, unbroken: stallAt.size === 0 });
    keys.forEach((key, i) => {
      if (i > 0) at += event.gaps[i % event.gaps.length]! + (stallAt.get(i) ?? 0);
      presses.push({ key, ...(key === GROUP_SEPARATOR ? FNC1_KEYS[event.fnc1] : {}), at, scan: index });
    });
  }
  const blocks: Block[] = generated.blocks
    .map(([start, ms]) => ({ start: start % (at + 1), end: (start % (at + 1)) + ms }))
    .sort((a, b) => a.start - b.start);
  return { presses, scans, blocks };
}

/** When something due at `at` can run: at once, or when the long task it falls in ends. */
function runnableAt(at: number, blocks: readonly Block[]): number {
  const block = blocks.find((candidate) => at > candidate.start && at < candidate.end);
  return block ? block.end : at;
}

function run(generated: Session, prefix: string, suffix: string) {
  const { presses, scans, blocks } = timeline(generated, prefix, suffix);
  let clock = 0;
  let timers: { due: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  let current: Press | undefined;
  const accepted: { code: string; by: Press | undefined }[] = [];
  /** The field the keys land in: each replay, and whether a scanner key started it. */
  let field: { text: string; fromScanner: boolean }[] = [];
  /** What a person's Enter handed over as a typed code (the scan field takes its text on Enter). */
  const entered: { text: string; fromScanner: boolean }[][] = [];
  const detector = createWedgeDetector<string>({
    thresholdMs: THRESHOLD,
    minLength: MIN_LENGTH,
    prefix,
    suffix,
    now: () => clock,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ due: clock + ms, run: callback, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    // The screen's check digit rule (the scanner service applies it to every product scan).
    onScan: (scan) => {
      if (passesCheckDigit(scan.code)) accepted.push({ code: scan.code, by: current });
    },
    onRejected: () => {},
    onReplay: (text, target) => {
      const replay = { text, fromScanner: target !== 'person' };
      field.push(replay);
      return () => {
        field = field.filter((candidate) => candidate !== replay);
        return true;
      };
    },
  });

  let next = 0;
  for (;;) {
    const press = presses[next];
    const keyAt = press ? runnableAt(press.at, blocks) : Infinity;
    const timer = [...timers].sort((a, b) => a.due - b.due)[0];
    const timerAt = timer ? Math.max(runnableAt(timer.due, blocks), clock) : Infinity;
    if (!press && !timer) break;
    if (timer && (timerAt < keyAt || (timerAt === keyAt && !generated.keysFirst))) {
      clock = timerAt;
      current = undefined;
      timers = timers.filter((candidate) => candidate !== timer);
      timer.run();
      continue;
    }
    clock = Math.max(clock, keyAt);
    current = press!;
    const target = press!.scan < 0 ? 'person' : 'scanner';
    const { key, ctrl, code } = press!;
    const verdict = detector.key({ key, ctrlKey: ctrl, code, target, timeStamp: press!.at });
    if (verdict === 'pass' && press!.key === 'Enter') entered.push(field);
    // Enter takes the field's text, Tab leaves the field, Backspace edits it: what was there is gone.
    if (verdict === 'pass' && press!.key.length > 1) field = [];
    next++;
  }
  return { accepted, entered, scans, presses, blocks };
}

/** Whole scans that should be accepted: nothing typed shortly before, no long task over them. */
function expectedAccepted(result: ReturnType<typeof run>, framed: boolean): number[] {
  const { scans, presses, blocks } = result;
  return scans.flatMap((scan, index) => {
    const keys = presses.filter((press) => press.scan === index);
    const lastAt = keys.at(-1)!.at;
    if (!framed && !scan.unbroken) return [];
    if (scan.code.length < MIN_LENGTH) return [];
    const before = presses.filter((press) => press.at < scan.firstAt && press.key.length === 1);
    if (!framed && before.length > 0 && scan.firstAt - before.at(-1)!.at <= SPLIT_WINDOW_MS + THRESHOLD)
      return [];
    if (blocks.some((block) => block.end >= scan.firstAt - THRESHOLD && block.start <= lastAt + THRESHOLD))
      return [];
    return [index];
  });
}

function check(prefix: string, suffix: string) {
  fc.assert(
    fc.property(session, (generated) => {
      const result = run(generated, prefix, suffix);
      for (const { code, by } of result.accepted) {
        // Accepted on the scan's own last key, equal to its code, and that scan came whole.
        expect(by?.scan ?? -1).toBeGreaterThanOrEqual(0);
        const sent = result.scans[by!.scan]!;
        expect(code).toBe(sent.code);
        expect(prefix !== '' || sent.unbroken).toBe(true);
      }
      // A person's Enter never hands over keys the scanner sent (a broken scan's pieces).
      for (const text of result.entered) expect(text.filter((replay) => replay.fromScanner)).toEqual([]);
      const acceptedScans = result.accepted.map(({ by }) => by!.scan);
      for (const index of expectedAccepted(result, prefix !== '')) expect(acceptedScans).toContain(index);
    }),
    { numRuns: 600 },
  );
}

describe('the wedge detector under jitter (property)', () => {
  it('accepts only scans that arrived whole, and accepts those nothing was typed just before', () => {
    check('', '');
  });

  it('with a prefix, accepts every framed scan whatever its stalls, and nothing else', () => {
    check('~', '');
  });

  it('with a prefix and a suffix, the same', () => {
    check('~', '#');
  });
});
