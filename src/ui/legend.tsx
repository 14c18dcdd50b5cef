import { type ReactNode, useEffect } from 'react';
import { legendShown } from '../state/ui-store.ts';
import './legend.css';

/** One row of a legend: a colour and what it stands for, with how many places have it ("12 – 40% (14)"). */
export interface LegendEntry {
  colour: string;
  text: string;
}

/**
 * A choropleth's legend: each class's colour with the range of figures it stands for and how many places it
 * holds, then the places without a figure, so the map can be read without telling colours apart. Named for
 * assistive technology as "Legend: <title>"; `children` follow the list (a note on what is counted).
 */
export function Legend({
  title,
  heading = title,
  entries,
  children,
}: {
  title: string;
  heading?: string;
  entries: LegendEntry[];
  children?: ReactNode;
}) {
  // What it shows is said to the store while it is shown, for the picture of the map (state/ui-store.ts).
  const said = JSON.stringify([title, entries]);
  useEffect(() => {
    const [shownTitle, shownEntries] = JSON.parse(said) as [string, LegendEntry[]];
    legendShown({ title: shownTitle, entries: shownEntries });
    return () => legendShown(null);
  }, [said]);
  return (
    <section className="legend" aria-label={`Legend: ${title}`}>
      <h2>{heading}</h2>
      <ul>
        {entries.map((entry) => (
          <li key={`${entry.colour} ${entry.text}`}>
            <span className="swatch" style={{ background: entry.colour }} aria-hidden="true" />
            {entry.text}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
