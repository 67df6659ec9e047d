/**
 * What a typed text finds among many choices (./choiceMatch.ts): any word of the name or the code, without
 * minding case or accents, the best matches first, and at most the limit of them.
 */
import { describe, expect, it } from 'vitest';
import { matchChoices } from './choiceMatch';

const choices = [
  'Acme Foods (ACMFOO12)',
  'Big Acme Traders (BIGTRA7)',
  'Crème Brûlée Co (CREMEB3)',
  'Mackerel & Sons (MACSON112)',
  'Zephyr Tools (ZEPTOO9)',
].map((label, i) => ({ value: i + 1, label }));

const labels = (typed: string, limit?: number) =>
  matchChoices(choices, typed, limit).shown.map((choice) => choice.label.split(' (')[0]);

describe('matchChoices', () => {
  it('finds a choice by any word of its name or by its code, in any case, accents or not', () => {
    expect(labels('traders')).toEqual(['Big Acme Traders']);
    expect(labels('bigtra7')).toEqual(['Big Acme Traders']);
    expect(labels('BRULEE')).toEqual(['Crème Brûlée Co']);
    expect(labels('crème')).toEqual(['Crème Brûlée Co']);
    // Every word typed must be in it, in any order.
    expect(labels('foods acme')).toEqual(['Acme Foods']);
    expect(labels('acme zephyr')).toEqual([]);
  });

  it('puts a name that starts with the word first, then a word that does, then the word inside one', () => {
    expect(labels('acm')).toEqual(['Acme Foods', 'Big Acme Traders']);
    // "12" starts no word: inside the codes ACMFOO12 and MACSON112, in the choices' order.
    expect(labels('12')).toEqual(['Acme Foods', 'Mackerel & Sons']);
    expect(labels('mac')).toEqual(['Mackerel & Sons']);
    expect(labels('ac')).toEqual(['Acme Foods', 'Big Acme Traders', 'Mackerel & Sons']);
  });

  it('draws at most the limit and counts the rest; nothing typed is the first choices', () => {
    expect(matchChoices(choices, 'ac', 2)).toEqual({ shown: choices.slice(0, 2), more: 1 });
    expect(matchChoices(choices, '  ', 3)).toEqual({ shown: choices.slice(0, 3), more: 2 });
    // Punctuation typed is not a word of its own.
    expect(labels('& sons')).toEqual(['Mackerel & Sons']);
  });
});
