import type { SplitBarangay } from '../../api/dataset.ts';
import { type PlaceCounts, placeCounts } from '../../api/normalize.ts';
import type { UnitChange, UnitFacts } from '../../contract/types.ts';
import { growthText } from './growth-text.ts';

/** What a place is, in words a reporter can quote: the PSGC class names, not their abbreviations. */
const CLASS_NAMES: Record<string, string> = {
  HUC: 'Highly urbanized city, independent of its province',
  ICC: 'Independent component city',
  CC: 'Component city',
};

/** The facts of one place, as every step reads them from its answer (step-facts.tsx, town-step.tsx). */
export interface Facts extends UnitFacts {
  code: string;
  name: string;
  /** "City", "Municipality", "Barangay"… */
  kind: string;
  cityClass?: string | null;
  incomeClass?: string | null;
  poblacion?: boolean;
  population: number | null;
  /**
   * The barangay it is a part of, split since an older list (Barangay 176-C: Barangay 176 of 4Q 2023). Before
   * 3Q 2025, PSA's list gives a part the 2020 count of the whole (Barangay 176-A has all of 176's 261,729).
   */
  whole?: SplitBarangay;
  /** What it contains: "80 barangays". */
  contains?: string;
  /** The province an independent city lies in but is not part of. */
  independentOf?: string;
}

/**
 * What a figure counts, which says how two places' figures differ: people and areas by how many more and by what
 * share; a rate by how many points, as a share of a rate means little.
 */
export type FigureKind = 'people' | 'area' | 'density' | 'rate' | 'number';

/** A figure of a row, to compare between places. */
export interface Figure {
  value: number;
  kind: FigureKind;
}

/**
 * One line of a place's facts: the card shows its label and text; a comparison pairs the rows of two places by
 * `key` and says how their figures differ. A row is added here once, and both show it.
 */
export interface FactRow {
  /** The same for every place ('population-2020'): two places' rows are paired by it. */
  key: string;
  label: string;
  /** The value as the card shows it. */
  text: string;
  /** Where the row is a figure of the place's own, the figure. */
  figure?: Figure;
}

/** A number as the app writes it: digits grouped, at most `digits` decimals. */
export const formatNumber = (n: number, digits = 0) => n.toLocaleString('en-PH', { maximumFractionDigits: digits });

/** "City · Highly urbanized city, independent of Davao del Sur, in which it lies". */
function levelText({ kind, cityClass, independentOf }: Facts): string {
  if (!cityClass) return kind;
  const name = CLASS_NAMES[cityClass] ?? cityClass;
  if (!independentOf) return `${kind} · ${name}`;
  return `${kind} · ${name.replace(', independent of its province', '')}, independent of ${independentOf}, in which it lies`;
}

type Row = [key: string, label: string, text: string | null | undefined, figure?: Figure];

/**
 * The rows of a place's facts, in the card's order, without those it has no value for: codes (PSGC, the old
 * correspondence code, PHLPost's ZIP codes), class, population, land area and density, what it contains, former
 * names, and what changed since the older list. Area and density are extensions a real /v1 server may not send.
 */
export function factRows(facts: Facts): FactRow[] {
  const { area_km2: area, density } = facts;
  const counts = placeCounts(facts);
  const zips = facts.zip_codes ?? [];
  const densityLabel = `Density (${facts.density_year ?? counts.year ?? 'census year not given'})`;
  const rows: Row[] = [
    ['code', 'PSGC code', facts.code],
    ['correspondence-code', 'Correspondence code', facts.correspondence_code],
    ['zip-codes', zips.length === 1 ? 'ZIP code' : 'ZIP codes', zips.join(', ')],
    ['level', 'Level', levelText(facts)],
    ['poblacion', 'Poblacion', facts.poblacion ? 'Yes (town proper)' : null],
    ['income-class', 'Income class', facts.incomeClass ?? facts.income_class],
    ['urban-rural', 'Urban or rural (2020 census)', facts.urban_rural],
    ...populationRows(counts, facts.whole),
    area == null
      ? ['land-area', 'Land area', null]
      : [
          'land-area',
          'Land area',
          `${formatNumber(area, 2)} km² (computed from the boundary)`,
          { value: area, kind: 'area' },
        ],
    density == null
      ? ['density', densityLabel, null]
      : ['density', densityLabel, `${formatNumber(density)} per km²`, { value: density, kind: 'density' }],
    ['contains', 'Contains', facts.contains],
    ['former-names', 'Former names', facts.old_names?.join('; ')],
    ['changes', `Since ${facts.changes?.since}`, facts.changes && changesText(facts.changes.items)],
  ];
  return rows
    .filter((row): row is [string, string, string, Figure?] => row[2] != null && row[2] !== '')
    .map(([key, label, text, figure]) => (figure ? { key, label, text, figure } : { key, label, text }));
}

/**
 * A place's counts as rows, each census labelled with its year (a server that does not say which census is said
 * not to), then the growth from 2020 to 2024; a part of a split barangay also says what the whole came to. A count
 * that is not the place's own is shown and said whose, with no figure to compare.
 */
function populationRows(counts: PlaceCounts, whole: SplitBarangay | undefined): Row[] {
  const rows = counts.censuses.map((c, i): Row => {
    const key = `population-${c.year ?? 'latest'}`;
    const label = `Population (${c.year ?? 'census year not given'})`;
    if (c.count == null) return [key, label, c.note ? `None of its own: ${c.note}` : 'None of its own in that census'];
    // Before 3Q 2025, PSA's list gives a part of a split barangay the 2020 count of the whole (176-A: all of 176's).
    if (whole && i === 0 && (c.year ?? 2020) <= 2020) {
      const of = `${whole.name} (${whole.vintages.join(', ')})`;
      return [
        key,
        label,
        `${formatNumber(c.count)}: the count of the whole of ${of}, which PSA's list gives to this part (the parts did not exist in 2020)`,
      ];
    }
    return [key, label, formatNumber(c.count), { value: c.count, kind: 'people' }];
  });
  if (counts.growth !== undefined) {
    rows.push(
      counts.growth == null
        ? ['growth-2020-2024', 'Growth 2020–2024', 'Not known: no count of its own in both censuses']
        : ['growth-2020-2024', 'Growth 2020–2024', growthText(counts.growth), { value: counts.growth, kind: 'rate' }],
    );
  }
  const later = whole?.partsCensus?.[2024];
  if (whole && later != null) {
    const growth = whole.partsGrowth2020to2024 == null ? '' : `, ${growthText(whole.partsGrowth2020to2024)}`;
    rows.push([
      'whole',
      `${whole.name} (${whole.vintages.join(', ')}) as a whole`,
      `${whole.population == null ? 'no count' : formatNumber(whole.population)} in 2020; ${formatNumber(later)} in 2024 in its ${whole.parts.length} parts${growth}`,
    ]);
  }
  return rows;
}

const LEVELS: Record<string, string> = { Mun: 'municipality', City: 'city', SGU: 'SGA cluster', Bgy: 'barangay' };

/** What the change report says of a place, as a sentence: "Recoded from 0630200000; moved from … to …". */
export function changesText(items: UnitChange[]): string {
  const text = items.map((c) => {
    // under "Since 4Q 2023": added in a list since then, which `no_boundary`'s note names
    if (c.kind === 'added') return 'added to the code list';
    if (c.kind === 'recoded') return `recoded from ${c.from}`;
    if (c.kind === 'renamed') return `renamed from “${c.from}”`;
    if (c.kind === 'moved') return `moved from ${c.from ?? 'no parent'} to ${c.to ?? 'no parent'}`;
    if (c.kind === 'reclassified')
      return `reclassified from ${LEVELS[c.from ?? ''] ?? c.from} to ${LEVELS[c.to ?? ''] ?? c.to}`;
    return c.note ?? 'no boundary yet';
  });
  const sentence = text.join('; ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
