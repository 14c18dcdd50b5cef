import { schemeBuGn, schemePuOr, schemePurples, schemeRdBu, schemeYlOrRd } from 'd3-scale-chromatic';

/**
 * ColorBrewer's schemes (Cynthia Brewer's, through d3-scale-chromatic), each for a number of classes: sequential
 * ones for figures of one sign, diverging ones for figures on both sides of zero. Every one listed here is marked
 * colour-blind safe by ColorBrewer, and none of the sequential ones is a blue that reads as the sea.
 */
export const PALETTES = {
  YlOrRd: { label: 'Yellow to red', kind: 'sequential', scheme: schemeYlOrRd },
  BuGn: { label: 'Pale to green', kind: 'sequential', scheme: schemeBuGn },
  Purples: { label: 'Pale to purple', kind: 'sequential', scheme: schemePurples },
  PuOr: { label: 'Orange below zero, purple above', kind: 'diverging', scheme: schemePuOr },
  RdBu: { label: 'Red below zero, blue above', kind: 'diverging', scheme: schemeRdBu },
} as const;
export type PaletteName = keyof typeof PALETTES;
export const SEQUENTIAL = (Object.keys(PALETTES) as PaletteName[]).filter((p) => PALETTES[p].kind === 'sequential');
export const DIVERGING = (Object.keys(PALETTES) as PaletteName[]).filter((p) => PALETTES[p].kind === 'diverging');

/** A place on the map with no figure: a light grey no class uses, named as such in the legend. */
export const NO_VALUE_COLOUR = '#d9d9d9';

/** ColorBrewer's schemes hold 3 to 9 colours (11 for the diverging ones). */
const schemeOf = (name: PaletteName, size: number): readonly string[] => {
  const { scheme } = PALETTES[name];
  const largest = scheme.length - 1;
  return scheme[Math.min(largest, Math.max(3, size))];
};

/**
 * One colour per class, light to dark. With `breaks` that hold zero and a diverging palette, the classes below
 * zero take the palette's first side (darkest furthest from zero) and those above it the other side, each side
 * as deep as the longer one, so equal distances from zero look alike on both sides. A sequential palette of
 * fewer classes than ColorBrewer's smallest scheme (3) takes that scheme's darkest colours but one.
 */
export function classColours(name: PaletteName, breaks: readonly number[]): string[] {
  const classes = breaks.length + 1;
  const zero = breaks.indexOf(0);
  if (PALETTES[name].kind === 'diverging' && zero >= 0) {
    // Classes 0…zero end at or below zero (the class opened by the zero bound is the first above it).
    const below = zero + 1;
    const above = classes - below;
    const side = Math.max(below, above);
    const scheme = schemeOf(name, side * 2);
    // An odd scheme has a neutral middle colour: it is left out, zero being a bound, not a class.
    const middle = scheme.length % 2 === 1 ? 1 : 0;
    const half = (scheme.length - middle) / 2;
    const low = scheme.slice(0, half).slice(half - below);
    const high = scheme.slice(half + middle).slice(0, above);
    return [...low, ...high];
  }
  if (classes >= 3) return [...schemeOf(name, classes)];
  return schemeOf(name, 3).slice(3 - classes);
}
