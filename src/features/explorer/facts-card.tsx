import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { regionQueries } from '../../api/regions.ts';
import type { UnitChange, UnitFacts } from '../../contract/types.ts';
import { figureSaid, usePlaceFigures } from '../../ui/place-figures.ts';
import { useClipboard } from '../../ui/use-clipboard.ts';

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
  population: number | null;
  /**
   * Whose count the population is, where it is not the place's own: a part of a split barangay, to which PSA's
   * list gives the 2020 count of the whole barangay it was split from (Barangay 176-A has all of 176's 261,729).
   */
  populationOf?: string;
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
 * The facts of one place: codes (the PSGC code with a copy button, PHLPost's ZIP codes), class, population, land
 * area and density, former names, and the vintages they come from. Area and density are extensions a real /v1 server may not
 * send: rows without a value are left out, not shown as blanks.
 */
export function FactsCard({ facts, label }: { facts: Facts; label: string }) {
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
    [
      'Population (2020)',
      facts.population == null
        ? null
        : facts.populationOf
          ? `${number(facts.population)}: the count of the whole of ${facts.populationOf}, which PSA's list gives to this part (the parts did not exist in 2020)`
          : number(facts.population),
    ],
    ['Land area', facts.area_km2 != null ? `${number(facts.area_km2, 2)} km² (computed from the boundary)` : null],
    ['Density', facts.density != null ? `${number(facts.density)} per km²` : null],
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
  const { boundaryVintage } = manifest.data;
  const vintage = answered.data ?? manifest.data.vintage;
  return (
    <p className="facts-vintage">
      Codes, classes and population: PSGC {vintage}; areas from boundaries of {boundaryVintage ?? vintage}
      {zip && '; ZIP codes: PHLPost (FOI)'}
    </p>
  );
}
