import { describe, expect, test } from 'vitest';
import { boundWords, WORDS_READ } from './bound-words.ts';
import { tokenize } from './tokenize.ts';

const read = (text: string) => boundWords(tokenize(text)).map((t) => t.word);

describe('how much of an address is read', () => {
  test('a phrase said a third time back to back is read twice; a name said twice is kept', () => {
    expect(read('san jose san jose san jose san jose')).toEqual(['san', 'jose', 'san', 'jose']);
    expect(read('Poblacion, Poblacion, Poblacion, Poblacion')).toEqual(['poblacion', 'poblacion']);
    expect(read('Bato-Bato, Ibajay, Aklan')).toEqual(['bato', 'bato', 'ibajay', 'aklan']);
    expect(read('del pilar santo nino '.repeat(10))).toHaveLength(8);
    // Not back to back: every word read.
    expect(read('San Jose, San Pablo, San Juan, Batangas')).toHaveLength(7);
  });

  test('at most 32 words, the last ones, where the barangay, town and province are', () => {
    const address = `${Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')}, Cainta, Rizal`;
    const words = read(address);
    expect(words).toHaveLength(WORDS_READ);
    expect(words.slice(-2)).toEqual(['cainta', 'rizal']);
    expect(words[0]).toBe('w30');
  });

  test('keeps each word as the tokenizer read it, offsets included', () => {
    const text = 'Brgy. San Isidro, Cainta, Rizal';
    expect(boundWords(tokenize(text))).toEqual(tokenize(text));
  });
});
