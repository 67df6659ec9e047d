/**
 * Short tones for scan feedback through Web Audio, so a clerk hears the answer without looking up from the
 * carton: a high blip for a good scan, two mid blips for a question, a low buzz for a refusal. No audio
 * files (nothing to load or package). The AudioContext is made ahead (`prepareTones`) or on first use; it
 * may start suspended until a key press (browsers refuse to start audio before one) and is resumed then.
 */
export type Tone = 'ok' | 'ask' | 'error';

interface Note {
  frequency: number;
  /** Seconds. */
  start: number;
  duration: number;
  type: OscillatorType;
}

/** What each tone plays: distinct in pitch and rhythm, so they differ for colour-blind and tired ears alike. */
export const TONE_NOTES: Record<Tone, readonly Note[]> = {
  ok: [{ frequency: 1760, start: 0, duration: 0.07, type: 'sine' }],
  ask: [
    { frequency: 880, start: 0, duration: 0.08, type: 'triangle' },
    { frequency: 880, start: 0.13, duration: 0.08, type: 'triangle' },
  ],
  error: [{ frequency: 220, start: 0, duration: 0.35, type: 'square' }],
};

type AudioContextLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain'
> & {
  state: string;
  resume?: () => Promise<void>;
};

let context: AudioContextLike | null = null;

function audio(): AudioContextLike | null {
  if (context) return context;
  const Context = (globalThis as { AudioContext?: new () => AudioContext }).AudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/** Makes the AudioContext ahead of the first tone (it starts suspended until a key press resumes it). */
export function prepareTones(): void {
  audio();
}

/** Plays `tone` unless muted. Never throws: a PC without sound still receives stock. */
export function playTone(tone: Tone, options: { muted: boolean }): void {
  if (options.muted) return;
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume?.();
    const at = ctx.currentTime;
    for (const note of TONE_NOTES[tone]) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = note.type;
      oscillator.frequency.value = note.frequency;
      // A short fade in and out: no click at the start or end of the note.
      gain.gain.setValueAtTime(0.0001, at + note.start);
      gain.gain.exponentialRampToValueAtTime(0.2, at + note.start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + note.start + note.duration);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at + note.start);
      oscillator.stop(at + note.start + note.duration + 0.02);
    }
  } catch {
    // Audio is a courtesy; the message on screen says the same.
  }
}
