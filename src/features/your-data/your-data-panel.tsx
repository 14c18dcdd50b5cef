import { useEffect, useRef, useState } from 'react';
import type { ClassMethod } from '../../map/class-methods.ts';
import { Legend } from '../../ui/legend.tsx';
import { type PlaceLevel, type StepKindName, type StepPlace, usePlaceFigures } from '../../ui/place-figures.ts';
import { AddTable } from './add-table.tsx';
import { DRAWN_AT, useColumnFigures, useReport, useShading } from './derived.ts';
import { FigureChoices } from './figure-choices.tsx';
import { legendOf } from './figures.ts';
import { JoinReportView } from './join-report.tsx';
import { LEVEL_NAMES } from './report.ts';
import {
  shownSeen,
  tableRemoved,
  tableShown,
  useDrawn,
  useJustShown,
  usePhase,
  useTable,
  useTableError,
  yourDataOpened,
} from './state.ts';
import './your-data.css';

/**
 * "Add your data", in the explorer's panel: a table read and joined, its join report shown before anything is
 * drawn, then its figures on the map with their legend, kept in this browser until removed. Without a table it
 * is one line, "Add your data", that opens (`open` when the person just asked for it).
 */
export function YourDataPanel({ place, open = false }: { place: StepPlace; open?: boolean }) {
  const phase = usePhase();
  const error = useTableError();
  const table = useTable();
  useEffect(() => {
    void yourDataOpened();
  }, []);
  const title = useFocusWhenShown();
  // The person's own opening and closing, kept, so a table that finishes loading does not close what was opened.
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  const busy = phase.kind === 'reading' || phase.kind === 'joining';
  const status = (
    <>
      {error && (
        <p className="your-data-error" role="alert">
          {error}
        </p>
      )}
      {phase.kind === 'loading' && <p role="status">Loading your table…</p>}
      {phase.kind === 'reading' && <p role="status">Reading “{phase.name}”…</p>}
      {phase.kind === 'joining' && (
        <p role="status">
          Finding the places of “{phase.name}” by their names: {phase.done.toLocaleString('en')} of{' '}
          {phase.rows.toLocaleString('en')} rows…
        </p>
      )}
    </>
  );
  if (!table) {
    return (
      <details className="your-data" open={wanted || busy || !!error} onToggle={(e) => setWanted(e.currentTarget.open)}>
        <summary>Add your data</summary>
        {status}
        {phase.kind === 'empty' && <AddTable />}
      </details>
    );
  }
  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title" tabIndex={-1} ref={title}>
        Your own figures
      </h2>
      {status}
      {phase.kind === 'ready' && <TableView place={place} />}
      <details className="your-data-rows">
        <summary>Add another table (it replaces this one)</summary>
        {(phase.kind === 'ready' || phase.kind === 'empty') && <AddTable />}
      </details>
    </section>
  );
}

/**
 * The section's title, which takes the keyboard's focus when the table has just been put on the map: the panel
 * then moves the section under the step's title (a section of its own, mounted anew), and the button pressed is
 * gone. Only that section takes it: the one at the panel's foot sees Show first, before the figures reach the
 * panel.
 */
function useFocusWhenShown() {
  const title = useRef<HTMLHeadingElement>(null);
  const justShown = useJustShown();
  const onMap = !!usePlaceFigures();
  useEffect(() => {
    if (!justShown || !onMap) return;
    title.current?.focus();
    shownSeen();
  }, [justShown, onMap]);
  return title;
}

function TableView({ place }: { place: StepPlace }) {
  const table = useTable()!;
  const report = useReport()!;
  const figures = useColumnFigures();
  const shading = useShading();
  const remove = (
    <button type="button" onClick={() => void tableRemoved()}>
      Remove this table
    </button>
  );
  if (!table.shown) {
    return (
      <>
        <JoinReportView table={table} report={report} />
        <FigureChoices table={table} figures={figures} shading={shading} />
        <div className="your-data-actions">
          <button
            type="button"
            className="primary"
            disabled={!shading || !report.level}
            onClick={() => void tableShown()}
          >
            Show on the map
          </button>
          {remove}
        </div>
      </>
    );
  }
  return (
    <>
      <FigureChoices table={table} figures={figures} shading={shading} />
      <FiguresLegend place={place} />
      <details className="your-data-rows">
        <summary>How “{table.fileName}” was joined</summary>
        <JoinReportView table={table} report={report} />
      </details>
      <div className="your-data-actions">{remove}</div>
    </>
  );
}

const METHOD_WORDS: Record<ClassMethod, string> = {
  quantiles: 'quantiles',
  equal: 'equal intervals',
  natural: 'natural breaks',
};

const STEP_NAMES: Record<StepKindName, string> = {
  country: 'the country',
  region: 'a region',
  province: 'a province',
  municity: 'a city or municipality',
};

/** Where a table's places are drawn, in words: "open a province to colour all its barangays". */
function whereDrawn(level: PlaceLevel): string {
  if (level === 'barangay') return 'open a province to colour all its barangays, or a city or municipality';
  return `open ${DRAWN_AT[level].map((k) => STEP_NAMES[k]).join(' or ')} to see them`;
}

/** The legend of the places on the map now, or where to go to see them. */
function FiguresLegend({ place }: { place: StepPlace }) {
  const report = useReport()!;
  const figures = useColumnFigures();
  const shading = useShading();
  const drawn = useDrawn();
  const method = useTable()!.method;
  const level = report.level;
  if (!figures || !shading || !level) return null;
  const title = `${figures.label} (your table)`;
  if (!DRAWN_AT[level].includes(place.kind)) {
    return (
      <p className="your-data-note">
        Your figures are per {LEVEL_NAMES[level].one}: {whereDrawn(level)}.
      </p>
    );
  }
  if (!drawn || drawn.step !== place.key) return <p role="status">Drawing your figures…</p>;
  return (
    <Legend
      title={title}
      heading={`${title}: ${drawn.codes.length.toLocaleString('en')} ${LEVEL_NAMES[level].many} on the map`}
      entries={legendOf(figures, shading, drawn.codes)}
    >
      <p className="your-data-note">
        Classes by {METHOD_WORDS[method]} of all {figures.numbers.length.toLocaleString('en')} figures in your table, so
        every province's colours mean the same; the counts are of the places on the map.
      </p>
    </Legend>
  );
}
