import type { ExpressionSpecification } from 'maplibre-gl';
import type { CensusYear } from '../../contract/types.ts';
import { classOf, quantileBreaks as quantilesOf } from '../../map/class-breaks.ts';
import { growthText } from './growth-text.ts';

/** What the units of a step can be coloured by; the choice is the link's `shade`. */
export const SHADES = ['population', 'density', 'area', 'growth'] as const;
export type Shade = (typeof SHADES)[number];

/**
 * A shade's name with the census its figures are of ("Population (2024)"); `year` null or undefined where the
 * server does not say which census.
 */
export function shadeLabel(shade: Shade, year: CensusYear | null | undefined): string {
  const census = year ?? 'census year not given';
  if (shade === 'population') return `Population (${census})`;
  if (shade === 'density') return `Density (people per km², ${census})`;
  return shade === 'area' ? 'Land area (km²)' : 'Growth 2020–2024 (% a year)';
}

/** A unit's figure for a shade. */
export interface Figured {
  population?: number | null;
  population_year?: CensusYear;
  area_km2?: number | null;
  density?: number | null;
  growth_2020_2024?: number | null;
}
const FIGURE: Record<Shade, (unit: Figured) => number | null | undefined> = {
  population: (u) => u.population,
  density: (u) => u.density,
  area: (u) => u.area_km2,
  growth: (u) => u.growth_2020_2024,
};
export const figureOf = (unit: Figured, shade: Shade) => FIGURE[shade](unit);

/**
 * Five classes from light to dark, yellow to red-orange (after ColorBrewer's YlOrRd, its darkest steps lightened):
 * the darkest still keeps 3:1 against the outlines drawn over a shaded map and 4.5:1 against the labels' text
 * (choropleth.test.ts), so a border and a name stay readable on every class. The two darkest differ in hue as well
 * as lightness (CIELAB ΔE 23, up from 18 with YlOrBr's #fe9929 and #ec7014, which people could not tell
 * apart). No hue here reads as the sea.
 */
export const CLASS_COLOURS = ['#fff7bc', '#fee391', '#fec44f', '#fd8d3c', '#f55a24'] as const;
/**
 * Growth is diverging, centred on zero: shrinking places in pinks, darker the faster they shrink, growing ones in
 * greens, and no class holds both. ColorBrewer's PiYG at nine classes without its darkest two and its grey middle
 * (choropleth.test.ts checks them against d3-scale-chromatic's `schemePiYG`, and their contrast as above): its
 * darkest classes fail the contrast, its middle is the grey of a unit with no figure, and neither side reads as
 * the sea.
 */
export const SHRINKING_COLOURS = ['#de77ae', '#f1b6da', '#fde0ef'] as const;
export const GROWING_COLOURS = ['#e6f5d0', '#b8e186', '#7fbc41'] as const;

/** A unit without the figure (a created unit, a barangay with no boundary): grey, named in the legend. */
export const NO_FIGURE = '#d9d9d9';
/** The outlines of a shaded step: darker than the usual, for contrast with the darkest class. */
export const SHADED_LINE = '#1b2a38';

/**
 * Class breaks by quantiles (simple-statistics', through the map's shared class breaks): as many units in each
 * class as the data allow. Populations and densities are skewed (Manila's 897 barangays run from a few hundred
 * people to 70,000; a province's towns from 2,000 to 300,000): equal intervals would put nearly every unit in the
 * lowest class. Returns the ascending lower bounds of classes 2…n; ties collapse classes, so a step of few or
 * equal values gets fewer classes.
 */
export const quantileBreaks = (values: readonly number[], classes: number = CLASS_COLOURS.length): number[] =>
  quantilesOf(values, classes);

export { classOf };

export interface LegendClass {
  colour: string;
  /** The smallest and largest figure of the units in the class. */
  min: number;
  max: number;
  count: number;
}

export interface Choropleth {
  shade: Shade;
  /** The census the step's counts are of (its units' `population_year`); null where the server does not say. */
  year: CensusYear | null;
  classes: LegendClass[];
  /** Units without the figure. */
  missing: number;
  /** Each unit's colour, by the key the map's features carry. */
  colourOf: Map<string, string>;
  /** Each unit's figure, by the same key (null: none). */
  figureOf: Map<string, number | null>;
}

/**
 * Class breaks and their colours, lowest class first. Growth: quantile classes of the shrinking places and of the
 * others apart, up to three each, with zero a break between them, the lightest colours nearest zero.
 */
function classesOf(shade: Shade, values: readonly number[]): { breaks: number[]; colours: readonly string[] } {
  if (shade !== 'growth') return { breaks: quantileBreaks(values), colours: CLASS_COLOURS };
  const below = values.filter((v) => v < 0);
  const above = values.filter((v) => v >= 0);
  // No more classes a side than it has distinct figures: linear quantiles of two figures would open a third class
  // between them that holds neither, and its colour would be skipped.
  const [shrinking, growing] = [below, above].map((side) =>
    side.length ? quantileBreaks(side, Math.min(3, new Set(side).size)) : null,
  );
  return {
    breaks: [...(shrinking ?? []), ...(shrinking && growing ? [0] : []), ...(growing ?? [])],
    colours: [
      ...(shrinking ? SHRINKING_COLOURS.slice(2 - shrinking.length) : []),
      ...(growing ? GROWING_COLOURS.slice(0, growing.length + 1) : []),
    ],
  };
}

/** The classes of a step's units, each given as its map key and its figure, and the census their counts are of. */
export function choroplethOf(
  shade: Shade,
  units: readonly { key: string; figure: number | null | undefined }[],
  year: CensusYear | null = null,
) {
  const values = units.flatMap((u) => (u.figure == null ? [] : [u.figure]));
  const { breaks, colours } = classesOf(shade, values);
  const classes: LegendClass[] = [];
  const colourOf = new Map<string, string>();
  const figures = new Map<string, number | null>();
  for (const { key, figure } of units) {
    figures.set(key, figure ?? null);
    if (figure == null) {
      colourOf.set(key, NO_FIGURE);
      continue;
    }
    const index = classOf(figure, breaks);
    const colour = colours[index];
    colourOf.set(key, colour);
    const known = classes[index];
    if (known) {
      known.min = Math.min(known.min, figure);
      known.max = Math.max(known.max, figure);
      known.count++;
    } else classes[index] = { colour, min: figure, max: figure, count: 1 };
  }
  return {
    shade,
    year,
    classes: classes.filter(Boolean),
    missing: units.length - values.length,
    colourOf,
    figureOf: figures,
  } satisfies Choropleth;
}

/**
 * The fill colour as a MapLibre expression: the units of each class listed under its colour (`match` takes a
 * list of labels per branch), read from the property the step's features are keyed by.
 */
export function fillColour(choropleth: Choropleth, property: string): ExpressionSpecification {
  const byColour = new Map<string, string[]>();
  for (const [key, colour] of choropleth.colourOf) byColour.set(colour, [...(byColour.get(colour) ?? []), key]);
  const branches = [...byColour].flatMap(([colour, keys]) => [keys, colour]);
  if (!branches.length) return ['literal', NO_FIGURE] as unknown as ExpressionSpecification;
  // Built from arrays, which the expression's tuple type cannot follow.
  return ['match', ['to-string', ['get', property]], ...branches, NO_FIGURE] as unknown as ExpressionSpecification;
}

const DIGITS: Record<Exclude<Shade, 'growth'>, number> = { population: 0, density: 0, area: 1 };

/**
 * A figure as the legend, the list and the hover write it: "1,234 people", "5,678 per km²", "12.3 km²",
 * "−0.08% a year"; with the census where it is given ("1,234 people in 2024"), as the hover writes it.
 */
export function figureText(shade: Shade, figure: number | null | undefined, year?: CensusYear | null): string {
  if (figure == null) return 'no figure';
  if (shade === 'growth') return `${growthText(figure)}${year === undefined ? '' : ' 2020–2024'}`;
  const n = figure.toLocaleString('en-PH', { maximumFractionDigits: DIGITS[shade] });
  const census = year ? ` in ${year}` : '';
  return shade === 'population' ? `${n} people${census}` : shade === 'density' ? `${n} per km²${census}` : `${n} km²`;
}

/** A class's range as the legend writes it: "1,234 – 5,678 per km² (12)". */
export function classText(shade: Shade, c: LegendClass): string {
  const low = figureText(shade, c.min);
  const high = figureText(shade, c.max);
  const range = c.min === c.max ? high : `${low.split(' ')[0]} – ${high}`;
  return `${range} (${c.count})`;
}
