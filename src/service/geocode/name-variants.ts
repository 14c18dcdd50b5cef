import { type Hint, LEVEL_WORDS } from './lexicon.ts';
import { exactKey, phoneticWord, phraseKey } from './name-keys.ts';
import { normalWord, type Token, words } from './tokenize.ts';

export interface NameVariant {
  key: string;
  exact: string;
  /** The variant is a form people use, not the name as listed. */
  alias: boolean;
  /** A number only ("Barangay 5" → "5"): matched only when the text says it is a barangay. */
  numeric: boolean;
  hint?: Hint;
}

/**
 * The forms of a listed name: "City of San Fernando (Capital)" → "San Fernando" (a city); "Rodriguez
 * (Montalban)" → "Rodriguez", "Montalban"; "Barangay No. 1, San Lorenzo (Pob.)" → "1 San Lorenzo", "1",
 * "San Lorenzo"; "Tuburan Proper (Pob.)" → "Tuburan Proper", "Tuburan".
 */
export function nameVariants(name: string): NameVariant[] {
  const out = new Map<string, NameVariant>();
  const add = (ws: Token[], alias: boolean) => {
    let hint: Hint | undefined;
    let list = ws.filter((t) => {
      if (t.level && ws.length > 1) {
        hint ??= t.level;
        return false;
      }
      return true;
    });
    list = list.filter((t) => t.word !== 'of' && t.word !== 'no');
    if (!list.length) return;
    const key = phraseKey(
      list.map((t) => t.key),
      list.map((t) => t.word),
    );
    const exact = exactKey(list.map((t) => t.word));
    const numeric = list.every((t) => /^\d+$/.test(t.word) || t.word.length === 1);
    const v = { key, exact, alias, numeric, hint };
    const prev = out.get(exact);
    if (!prev || (prev.alias && !alias)) out.set(exact, v);
  };
  // Parts as the list writes them, level words kept as hints; markers and enders are names here.
  const tokens: Token[] = words(name).map((w) => {
    const word = normalWord(w.raw);
    const level = LEVEL_WORDS.get(word);
    return { ...w, word, key: phoneticWord(word), level };
  });
  const isPob = (t: Token) => t.word === 'poblacion' || t.word === 'capital';
  const parts = new Map<number, Token[]>();
  for (const t of tokens) parts.set(t.part, [...(parts.get(t.part) ?? []), t]);
  const partList = [...parts.values()];
  // The whole name, with parenthesised "(Pob.)" and "(Capital)" left out
  const pobParts = partList.filter((p) => p.length === 1 && isPob(p[0]));
  const significant = pobParts.length < partList.length ? partList.filter((p) => !pobParts.includes(p)) : partList;
  const inParens = (p: Token[]) => {
    const open = name.lastIndexOf('(', p[0].start);
    return open >= 0 && name.lastIndexOf(')', p[0].start) < open;
  };
  const main = significant.filter((p) => !inParens(p));
  add(main.flat(), false);
  if (significant.length !== main.length || main.length > 1) {
    for (const p of significant) add(p, true);
  }
  // "Tuburan Proper" → "Tuburan"
  for (const p of main) {
    if (p.length > 1 && p[p.length - 1].word === 'proper') add(p.slice(0, -1), true);
    // "Poblacion 1" as "1" is too loose; "Barangay 1" as "1" is kept (numeric, matched only after "Brgy.")
  }
  // "City of X" and "X": the hint is kept; the bare name is an alias for cities ("Laoag" for City of Laoag)
  return [...out.values()];
}
