import { type FactRow, type Figure, type FigureKind, formatNumber } from './fact-rows.ts';
import type { PlaceRef } from './place-ref.ts';
import type { ExplorerView } from './view.ts';

/**
 * Two places side by side: their facts' rows paired, and how the second's figures differ from the first's.
 * A difference is the second place's figure less the first's ("+12,345 people"), and, where a share means
 * something, as a share of the first's ("+8.1%"): of people, areas and densities, not of a rate, whose
 * difference is in percentage points.
 */

/** How a difference of each kind of figure is written: its decimals, its unit, and whether a share is said. */
const KINDS: Record<FigureKind, { digits: number; unit: (n: number) => string; share: boolean }> = {
  people: { digits: 0, unit: (n) => (n === 1 ? ' person' : ' people'), share: true },
  area: { digits: 2, unit: () => ' km²', share: true },
  density: { digits: 0, unit: () => ' per km²', share: true },
  rate: { digits: 2, unit: (n) => (n === 1 ? ' percentage point' : ' percentage points'), share: false },
  number: { digits: 2, unit: () => '', share: true },
};

/** A minus sign, not a hyphen: "−1,234". */
const MINUS = '\u2212';
const signed = (text: string, negative: boolean) => `${negative ? MINUS : '+'}${text}`;

/**
 * How `b` differs from `a`: "+12,345 people (+8.1%)", "−0.52 percentage points", "The same". Undefined where the
 * two are not figures of one kind. Both are taken as shown (rounded to the figure's decimals), so the difference
 * is the one a reader would work out from the two columns. The share is of `a`, and left out where `a` is not
 * above zero.
 */
export function differenceText(a: Figure, b: Figure): string | undefined {
  if (a.kind !== b.kind) return undefined;
  const { digits, unit, share } = KINDS[a.kind];
  const shown = (n: number) => Number(n.toFixed(digits));
  const [from, to] = [shown(a.value), shown(b.value)];
  if (from === to) return 'The same';
  const difference = shown(to - from);
  const size = Math.abs(difference);
  const amount = signed(`${formatNumber(size, digits)}${unit(size)}`, difference < 0);
  if (!share || !(from > 0)) return amount;
  return `${amount} (${shareText(difference / from)})`;
}

/** A share as a percentage: one decimal below 100% ("+8.1%"), none above ("+245%"), and a sliver said as one. */
function shareText(share: number): string {
  const percent = Math.abs(share * 100);
  if (percent < 0.05) return 'less than 0.1%';
  const text = percent < 99.95 ? percent.toFixed(1) : formatNumber(percent, 0);
  return `${signed(text, share < 0)}%`;
}

/** One row of two places' facts: each place's text (absent where it has none), and how they differ. */
export interface ComparedRow {
  key: string;
  label: string;
  a?: string;
  b?: string;
  /** For figures, the difference; for text, "The same" where both say the same; else nothing. */
  difference?: string;
}

/**
 * The two places' rows paired by key, in the first place's order, a row only the second has placed after the
 * row it follows there (a barangay's urban or rural class beside a town's facts).
 */
export function compareRows(a: FactRow[], b: FactRow[]): ComparedRow[] {
  const keys = a.map((row) => row.key);
  b.forEach((row, i) => {
    if (keys.includes(row.key)) return;
    const after = i > 0 ? keys.indexOf(b[i - 1].key) : -1;
    keys.splice(after + 1, 0, row.key);
  });
  const byKey = (rows: FactRow[]) => new Map(rows.map((row) => [row.key, row]));
  const first = byKey(a);
  const second = byKey(b);
  return keys.map((key) => {
    const x = first.get(key);
    const y = second.get(key);
    const row: ComparedRow = { key, label: labelOf(x, y), a: x?.text, b: y?.text };
    const difference =
      x?.figure && y?.figure ? differenceText(x.figure, y.figure) : x && y && x.text === y.text ? 'The same' : null;
    return difference ? { ...row, difference } : row;
  });
}

/** The row's label; where the two differ only by number ("ZIP code", "ZIP codes"), the plural. */
function labelOf(x: FactRow | undefined, y: FactRow | undefined): string {
  const labels = [x?.label, y?.label].filter((label): label is string => !!label);
  return labels.reduce((longest, label) => (label.startsWith(longest) ? label : longest));
}

/** The place a view shows: its deepest id (a barangay, a town, a province, a region); none at the country. */
export function placeOfView({ region, province, municity, barangay }: ExplorerView): PlaceRef | undefined {
  if (!region) return undefined;
  if (!province) return { region };
  if (municity === undefined) return { region, province };
  return barangay ? { region, province, municity, barangay } : { region, province, municity };
}
