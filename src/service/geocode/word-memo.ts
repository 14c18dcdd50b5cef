/**
 * A function of one word, worked out once a word: names repeat their words (San, Santo, Poblacion …) and a file
 * of addresses repeats them thousands of times. At most 200,000 words are kept, so text made to differ word by
 * word cannot grow it without end.
 */
export function onceAWord<T = string>(of: (word: string) => T): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    let answer = known.get(word);
    if (answer === undefined) {
      answer = of(word);
      if (known.size < 200_000) known.set(word, answer);
    }
    return answer;
  };
}
