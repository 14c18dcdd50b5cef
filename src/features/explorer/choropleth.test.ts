import { schemePiYG } from 'd3-scale-chromatic';
import { beforeAll, describe, expect, test } from 'vitest';
import { offlineStyle } from '../../map/style.ts';
import { api, serviceServer } from '../../test/service-server.ts';
import {
  CLASS_COLOURS,
  choroplethOf,
  classOf,
  classText,
  figureText,
  fillColour,
  GROWING_COLOURS,
  NO_FIGURE,
  quantileBreaks,
  SHADED_LINE,
  SHRINKING_COLOURS,
  shadeLabel,
} from './choropleth.ts';
import { barangaysLabel, contextLabel } from './layers.ts';

serviceServer();

/**
 * The populations of the towns of Batangas in the code list's latest census (2024 from the 3Q 2025 list), as the
 * built-in service gives them: skewed as a province's towns are, a few cities above 200,000 and most towns under
 * 70,000.
 */
let BATANGAS: number[] = [];
beforeAll(async () => {
  const { body } = await api('/v1/municities?province=Batangas&limit=100');
  BATANGAS = body.data.map((t: { population: number }) => t.population);
});

describe('classes for skewed figures', () => {
  test('quantile classes put about as many towns in each class, where equal intervals would put most in one', () => {
    expect(BATANGAS).toHaveLength(34);
    const breaks = quantileBreaks(BATANGAS);
    expect(breaks).toHaveLength(4);
    const counts = [0, 0, 0, 0, 0];
    for (const v of BATANGAS) counts[classOf(v, breaks)]++;
    // 34 towns in 5 classes: 6 or 7 each.
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(6);
    // Equal intervals over the same range would leave more than half the towns in the lowest fifth.
    const step = (Math.max(...BATANGAS) - Math.min(...BATANGAS)) / 5;
    expect(BATANGAS.filter((v) => v < Math.min(...BATANGAS) + step).length).toBeGreaterThan(17);
  });

  test('every figure falls in exactly one class, and a larger figure never in a lower class', () => {
    const breaks = quantileBreaks(BATANGAS);
    const sorted = [...BATANGAS].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++)
      expect(classOf(sorted[i], breaks)).toBeGreaterThanOrEqual(classOf(sorted[i - 1], breaks));
    expect(classOf(sorted[0], breaks)).toBe(0);
    expect(classOf(sorted[sorted.length - 1], breaks)).toBe(4);
  });

  test('ties and few units give fewer classes, never an empty one', () => {
    expect(quantileBreaks([5, 5, 5, 5])).toEqual([]);
    expect(quantileBreaks([1])).toEqual([]);
    const shaded = choroplethOf('population', [
      { key: 'a', figure: 1 },
      { key: 'b', figure: 1 },
      { key: 'c', figure: 1 },
      { key: 'd', figure: 1_000_000 },
    ]);
    expect(shaded.classes.map((c) => c.count)).toEqual([3, 1]);
    for (const c of shaded.classes) expect(c.count).toBeGreaterThan(0);
  });

  test('units without the figure are grey and counted apart, not put in the lowest class', () => {
    const shaded = choroplethOf('density', [
      { key: '1', figure: 10 },
      { key: '2', figure: null },
      { key: '3', figure: 30 },
    ]);
    expect(shaded.missing).toBe(1);
    expect(shaded.colourOf.get('2')).toBe(NO_FIGURE);
    expect(shaded.classes.reduce((s, c) => s + c.count, 0)).toBe(2);
  });

  test('the legend writes each class as the range of its units, with their number', () => {
    expect(classText('density', { colour: '', min: 192.15, max: 30_621.4, count: 6 })).toBe('192 – 30,621 per km² (6)');
    expect(classText('population', { colour: '', min: 20_966, max: 43_534, count: 7 })).toBe(
      '20,966 – 43,534 people (7)',
    );
    expect(classText('area', { colour: '', min: 12.34, max: 12.34, count: 1 })).toBe('12.3 km² (1)');
  });

  test('the names of the shades and the hover say the census their figures are of', () => {
    expect(shadeLabel('population', 2024)).toBe('Population (2024)');
    expect(shadeLabel('density', 2020)).toBe('Density (people per km², 2020)');
    expect(shadeLabel('population', null)).toBe('Population (census year not given)');
    expect(shadeLabel('growth', 2024)).toBe('Growth 2020–2024 (% a year)');
    expect(figureText('population', 40_662, 2024)).toBe('40,662 people in 2024');
    expect(figureText('growth', -0.081, 2024)).toBe('−0.08% a year 2020–2024');
    expect(classText('growth', { colour: '', min: 0.5, max: 2.25, count: 3 })).toBe('+0.50% – +2.25% a year (3)');
  });

  test("the map's colour expression gives each unit its class's colour, by the key its feature carries", () => {
    const shaded = choroplethOf('population', [
      { key: '0401001000', figure: 10 },
      { key: '0401002000', figure: 20 },
    ]);
    const expression = fillColour(shaded, 'code') as unknown[];
    expect(expression.slice(0, 2)).toEqual(['match', ['to-string', ['get', 'code']]]);
    expect(expression).toContainEqual(['0401001000']);
    expect(expression[expression.length - 1]).toBe(NO_FIGURE);
  });
});

describe('growth, diverging from zero', () => {
  const shaded = (figures: number[]) =>
    choroplethOf(
      'growth',
      figures.map((figure, i) => ({ key: String(i), figure })),
      2024,
    );

  test('shrinking and growing places are never in one class, and the lightest colours lie next to zero', () => {
    const figures = [-3.1, -1.2, -0.6, -0.2, -0.05, 0, 0.1, 0.4, 0.8, 1.5, 2.2, 3.9];
    const choropleth = shaded(figures);
    for (const c of choropleth.classes) expect(c.max < 0 || c.min >= 0, `${c.min} – ${c.max}`).toBe(true);
    expect(choropleth.classes.map((c) => c.colour)).toEqual([...SHRINKING_COLOURS, ...GROWING_COLOURS]);
    expect(choropleth.classes.reduce((s, c) => s + c.count, 0)).toBe(figures.length);
    expect(choropleth.colourOf.get(String(figures.indexOf(-0.05)))).toBe(SHRINKING_COLOURS[2]);
    expect(choropleth.colourOf.get(String(figures.indexOf(0)))).toBe(GROWING_COLOURS[0]);
  });

  test('a step where every place grows is drawn in greens alone, from the lightest; one where all shrink, in pinks', () => {
    expect(shaded([0.2, 0.9, 1.4]).classes.map((c) => c.colour)).toEqual(GROWING_COLOURS.slice(0, 3));
    expect(shaded([-0.4, -0.1]).classes.map((c) => c.colour)).toEqual(SHRINKING_COLOURS.slice(1));
  });

  test("the colours are ColorBrewer's PiYG (nine classes) without its two darkest and its middle", () => {
    const scheme = schemePiYG[9];
    expect([...SHRINKING_COLOURS, ...GROWING_COLOURS]).toEqual([...scheme.slice(1, 4), ...scheme.slice(5, 8)]);
  });
});

/** WCAG 2.x relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
/** A fill drawn at `opacity` over the map's sea colour, as the eye sees it. */
const over = (fill: string, opacity: number, background: string) => {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) => Math.round(channel(fill, i) * opacity + channel(background, i) * (1 - opacity)))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
};

describe("the choropleth's colours are readable", () => {
  const sea = (offlineStyle.layers[0].paint as { 'background-color': string })['background-color'];
  const labelText = (barangaysLabel.paint as { 'text-color': string })['text-color'];

  const everyColour = [...CLASS_COLOURS, ...SHRINKING_COLOURS, ...GROWING_COLOURS];
  test.each(everyColour.map((c) => [c]))('%s keeps 3:1 against the outlines and 4.5:1 against labels', (colour) => {
    const seen = over(colour, 0.9, sea);
    expect(contrast(seen, SHADED_LINE)).toBeGreaterThanOrEqual(3);
    expect(contrast(seen, labelText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(seen, (contextLabel.paint as { 'text-color': string })['text-color'])).toBeGreaterThanOrEqual(3);
  });

  test('each class is told from the next one at a glance: CIELAB ΔE of 15 or more, 20 or more between the darkest', () => {
    const linear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    const lab = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => linear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
      const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
      const [x, y, z] = [
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
      ].map(f);
      return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
    };
    const deltaE = (a: string, b: string) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]));
    const steps = CLASS_COLOURS.slice(1).map((c, i) => deltaE(CLASS_COLOURS[i], c));
    for (const step of steps) expect(step).toBeGreaterThanOrEqual(15);
    expect(steps.at(-1)).toBeGreaterThanOrEqual(20);
    // Growth's: from the fastest shrinking to the fastest growing, across zero too.
    const diverging = [...SHRINKING_COLOURS, ...GROWING_COLOURS];
    for (const [i, c] of diverging.slice(1).entries()) expect(deltaE(diverging[i], c)).toBeGreaterThanOrEqual(15);
  });

  test('the classes go from light to dark, so their order reads without the legend', () => {
    const l = CLASS_COLOURS.map(luminance);
    for (let i = 1; i < l.length; i++) expect(l[i]).toBeLessThan(l[i - 1]);
    // Growth's darken away from zero, on either side.
    const [shrinking, growing] = [SHRINKING_COLOURS.map(luminance), GROWING_COLOURS.map(luminance)];
    for (let i = 1; i < 3; i++) expect(shrinking[i]).toBeGreaterThan(shrinking[i - 1]);
    for (let i = 1; i < 3; i++) expect(growing[i]).toBeLessThan(growing[i - 1]);
    expect(contrast(CLASS_COLOURS[0], CLASS_COLOURS[CLASS_COLOURS.length - 1])).toBeGreaterThan(2.5);
  });
});
