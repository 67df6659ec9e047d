/**
 * The answer to the last scan, seen and heard: a message with its tone, replaced by the next scan. Each
 * answer gets a new `seq`, so the same message twice in a row still reads (and sounds) as a new answer.
 */
import { playTone, type Tone } from '../../lib/feedback/tones';

export interface ScanAnswer {
  tone: Tone;
  text: string;
  /** The word shown before the text instead of the tone's own ("Undone" rather than "Added"). */
  word?: string;
  seq: number;
}

export class ScanFeedback {
  current = $state<ScanAnswer | null>(null);
  #seq = 0;

  constructor(private readonly muted: () => boolean) {}

  say(tone: Tone, text: string, word?: string): void {
    this.current = { tone, text, seq: ++this.#seq, ...(word ? { word } : {}) };
    playTone(tone, { muted: this.muted() });
  }

  clear(): void {
    this.current = null;
  }
}
