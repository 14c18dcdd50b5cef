import type { ExpressionSpecification } from 'maplibre-gl';
import { classOf, quantileBreaks as quantilesOf } from '../../map/class-breaks.ts';

/** What the units of a step can be coloured by; the choice is the link's `shade`. */
export const SHADES = ['population', 'density', 'area'] as const;
export type Shade = (typeof SHADES)[number];

export const SHADE_LABELS: Record<Shade, string> = {
  population: 'Population (2020)',
  density: 'Density (people per km²)',
  area: 'Land area (km²)',
};

/** A unit's figure for a shade. */
export interface Figured {
  population?: number | null;
  area_km2?: number | null;
  density?: number | null;
}
export const figureOf = (unit: Figured, shade: Shade) =>
  shade === 'population' ? unit.population : shade === 'area' ? unit.area_km2 : unit.density;

/**
 * Five classes from light to dark, yellow to red-orange (after ColorBrewer's YlOrRd, its darkest steps lightened):
 * the darkest still keeps 3:1 against the outlines drawn over a shaded map and 4.5:1 against the labels' text
 * (choropleth.test.ts), so a border and a name stay readable on every class. The two darkest differ in hue as well
 * as lightness (CIELAB ΔE 23, up from 18 with YlOrBr's #fe9929 and #ec7014, which people could not tell apart:
 * issue 35). No hue here reads as the sea.
 */
export const CLASS_COLOURS = ['#fff7bc', '#fee391', '#fec44f', '#fd8d3c', '#f55a24'] as const;
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
export const quantileBreaks = (values: readonly number[], classes = CLASS_COLOURS.length): number[] =>
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
  classes: LegendClass[];
  /** Units without the figure. */
  missing: number;
  /** Each unit's colour, by the key the map's features carry. */
  colourOf: Map<string, string>;
  /** Each unit's figure, by the same key (null: none). */
  figureOf: Map<string, number | null>;
}

/** The classes of a step's units, each given as its map key and its figure. */
export function choroplethOf(shade: Shade, units: readonly { key: string; figure: number | null | undefined }[]) {
  const values = units.flatMap((u) => (u.figure == null ? [] : [u.figure]));
  const breaks = quantileBreaks(values);
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
    const colour = CLASS_COLOURS[index];
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

const DIGITS: Record<Shade, number> = { population: 0, density: 0, area: 1 };

/** A figure as the legend, the list and the hover write it: "1,234 people", "5,678 per km²", "12.3 km²". */
export function figureText(shade: Shade, figure: number | null | undefined): string {
  if (figure == null) return 'no figure';
  const n = figure.toLocaleString('en-PH', { maximumFractionDigits: DIGITS[shade] });
  return shade === 'population' ? `${n} people` : shade === 'density' ? `${n} per km²` : `${n} km²`;
}

/** A class's range as the legend writes it: "1,234 – 5,678 per km² (12)". */
export function classText(shade: Shade, c: LegendClass): string {
  const low = figureText(shade, c.min);
  const high = figureText(shade, c.max);
  const range = c.min === c.max ? high : `${low.split(' ')[0]} – ${high}`;
  return `${range} (${c.count})`;
}
