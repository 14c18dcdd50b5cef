import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { regionQueries } from '../../api/regions.ts';
import { CENSUS_NAMES } from '../../contract/types.ts';
import { figureSaid, usePlaceFigures } from '../../ui/place-figures.ts';
import { useClipboard } from '../../ui/use-clipboard.ts';
import { type FactRow, type Facts, factRows } from './fact-rows.ts';
import './facts-card.css';

/**
 * The facts of one place (fact-rows.ts): each row's label and text, the PSGC code with a button that copies it,
 * a user's own figure where their table has a row for the place, and the vintages they come from. Rows without a
 * value are left out, not shown as blanks.
 */
export function FactsCard({ facts, label }: { facts: Facts; label: string }) {
  const yours = usePlaceFigures();
  const own: FactRow[] =
    yours && yours.valueOf(facts.code) !== undefined
      ? [{ key: 'yours', label: `${yours.label} (your table, ${yours.source})`, text: figureSaid(yours, facts.code) }]
      : [];
  return (
    <section className="facts-card" aria-label={label}>
      <dl>
        {[...factRows(facts), ...own].map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.key === 'code' ? <CopyCode code={row.text} /> : row.text}</dd>
          </div>
        ))}
      </dl>
      <FactsVintage zip={!!facts.zip_codes?.length} />
    </section>
  );
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
export function FactsVintage({ zip }: { zip: boolean }) {
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
