import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { datasetQueries, type SplitBarangay } from '../../api/dataset.ts';
import { type PlaceCounts, placeCounts } from '../../api/normalize.ts';
import { regionQueries } from '../../api/regions.ts';
import { CENSUS_NAMES, type UnitChange, type UnitFacts } from '../../contract/types.ts';
import { figureSaid, usePlaceFigures } from '../../ui/place-figures.ts';
import { useClipboard } from '../../ui/use-clipboard.ts';
import { growthText } from './growth-text.ts';

/** What a place is, in words a reporter can quote: the PSGC class names, not their abbreviations. */
const CLASS_NAMES: Record<string, string> = {
  HUC: 'Highly urbanized city, independent of its province',
  ICC: 'Independent component city',
  CC: 'Component city',
};

export interface Facts extends UnitFacts {
  code: string;
  /** "City", "Municipality", "Barangay"… */
  kind: string;
  cityClass?: string | null;
  incomeClass?: string | null;
  poblacion?: boolean;
  population?: number | null;
  /** The barangay it is a part of, split since an older list (Barangay 176-C: Barangay 176 of 4Q 2023). */
  whole?: SplitBarangay;
  /** What it contains: "80 barangays". */
  contains?: string;
  /** The province an independent city lies in but is not part of. */
  independentOf?: string;
}

/** "City · Highly urbanized city, independent of Davao del Sur, in which it lies". */
function levelText({ kind, cityClass, independentOf }: Facts): string {
  if (!cityClass) return kind;
  const name = CLASS_NAMES[cityClass] ?? cityClass;
  if (!independentOf) return `${kind} · ${name}`;
  return `${kind} · ${name.replace(', independent of its province', '')}, independent of ${independentOf}, in which it lies`;
}

const number = (n: number, digits = 0) => n.toLocaleString('en-PH', { maximumFractionDigits: digits });

/**
 * A place's counts as rows, each census labelled with its year (a server that does not say which census is said
 * not to), then the growth from 2020 to 2024; a part of a split barangay also says what the whole came to.
 */
function populationRows(counts: PlaceCounts, whole: SplitBarangay | undefined): [string, ReactNode][] {
  const rows = counts.censuses.map((c, i): [string, ReactNode] => {
    const label = `Population (${c.year ?? 'census year not given'})`;
    if (c.count == null) return [label, c.note ? `None of its own: ${c.note}` : 'None of its own in that census'];
    // Before 3Q 2025, PSA's list gives a part of a split barangay the 2020 count of the whole (176-A: all of 176's).
    const ofWhole = whole && i === 0 && (c.year ?? 2020) <= 2020;
    return [
      label,
      ofWhole
        ? `${number(c.count)}: the count of the whole of ${whole.name} (${whole.vintages.join(', ')}), which PSA's list gives to this part (the parts did not exist in 2020)`
        : number(c.count),
    ];
  });
  if (counts.growth !== undefined) {
    rows.push([
      'Growth 2020–2024',
      counts.growth == null ? 'Not known: no count of its own in both censuses' : growthText(counts.growth),
    ]);
  }
  const later = whole?.partsCensus?.[2024];
  if (whole && later != null) {
    const growth = whole.partsGrowth2020to2024 == null ? '' : `, ${growthText(whole.partsGrowth2020to2024)}`;
    rows.push([
      `${whole.name} (${whole.vintages.join(', ')}) as a whole`,
      `${whole.population == null ? 'no count' : number(whole.population)} in 2020; ${number(later)} in 2024 in its ${whole.parts.length} parts${growth}`,
    ]);
  }
  return rows;
}

/**
 * The facts of one place: codes (the PSGC code with a copy button, PHLPost's ZIP codes), class, population, land
 * area and density, former names, and the vintages they come from. Area and density are extensions a real /v1 server may not
 * send: rows without a value are left out, not shown as blanks.
 */
export function FactsCard({ facts, label }: { facts: Facts; label: string }) {
  const counts = placeCounts(facts);
  // A user's own figure, where their table has a row for the place.
  const yours = usePlaceFigures();
  const rows: [string, ReactNode][] = [
    ['PSGC code', <CopyCode key="code" code={facts.code} />],
    ['Correspondence code', facts.correspondence_code],
    [
      facts.zip_codes?.length === 1 ? 'ZIP code' : 'ZIP codes',
      facts.zip_codes?.length ? facts.zip_codes.join(', ') : null,
    ],
    ['Level', levelText(facts)],
    ['Poblacion', facts.poblacion ? 'Yes (town proper)' : null],
    ['Income class', facts.incomeClass ?? facts.income_class],
    ['Urban or rural (2020 census)', facts.urban_rural],
    ...populationRows(counts, facts.whole),
    ['Land area', facts.area_km2 != null ? `${number(facts.area_km2, 2)} km² (computed from the boundary)` : null],
    [
      `Density (${facts.density_year ?? counts.year ?? 'census year not given'})`,
      facts.density != null ? `${number(facts.density)} per km²` : null,
    ],
    ['Contains', facts.contains],
    ['Former names', facts.old_names?.length ? facts.old_names.join('; ') : null],
    [`Since ${facts.changes?.since}`, facts.changes ? changesText(facts.changes.items) : null],
    [
      `${yours?.label} (your table, ${yours?.source})`,
      yours && yours.valueOf(facts.code) !== undefined ? figureSaid(yours, facts.code) : null,
    ],
  ];
  return (
    <section className="facts-card" aria-label={label}>
      <dl>
        {rows
          .filter(([, value]) => value != null && value !== '')
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <FactsVintage zip={!!facts.zip_codes?.length} />
    </section>
  );
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

/**
 * The code, and a button that copies it (a code read off a screen is a code mistyped). Where the clipboard is
 * refused, the code is selected on the page, to copy by hand.
 */
function CopyCode({ code }: { code: string }) {
  const { state, copy } = useClipboard();
  const text = useRef<HTMLElement>(null);
  useEffect(() => {
    if (state !== 'refused' || !text.current) return;
    const range = document.createRange();
    range.selectNodeContents(text.current);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
  }, [state]);
  return (
    <>
      <code ref={text}>{code}</code>{' '}
      <button type="button" className="copy" onClick={() => copy(code)}>
        {state === 'copied' ? 'Copied' : state === 'refused' ? 'Selected: copy it' : 'Copy'}
        <span className="visually-hidden"> PSGC code {code}</span>
      </button>
    </>
  );
}

/** Which lists the facts come from, so a figure quoted carries its date. */
function FactsVintage({ zip }: { zip: boolean }) {
  const manifest = useQuery(datasetQueries.manifest());
  // The code list the service answered from (X-PSGC-Vintage), else the data's own.
  const answered = useQuery({ ...regionQueries.list(), select: (list) => list.vintage ?? null });
  if (!manifest.data) return null;
  const { boundaryVintage, censuses } = manifest.data;
  const vintage = answered.data ?? manifest.data.vintage;
  // The censuses the counts are of, newest first: "2024 POPCEN, 2020 CPH, 2015 POPCEN".
  const counted = censuses?.length
    ? ` (${[...censuses]
        .reverse()
        .map((y) => CENSUS_NAMES[y])
        .join(', ')})`
    : '';
  return (
    <p className="facts-vintage">
      Codes, classes and population: PSGC {vintage}
      {counted}; areas from boundaries of {boundaryVintage ?? vintage}
      {zip && '; ZIP codes: PHLPost (FOI)'}
    </p>
  );
}
