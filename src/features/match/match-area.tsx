import { useEffect } from 'react';
import { ColumnsStep } from './columns-step.tsx';
import { FileStep } from './file-step.tsx';
import { matchAreaOpened, useMatchError, usePhase } from './job-state.ts';
import { ProgressStep } from './progress-step.tsx';
import { Review } from './review.tsx';
import './match.css';

/**
 * "Match a file": a file of addresses read in this browser, each row matched to its barangay, town, province and
 * region, reviewed on the map, fixed, and exported. Everything is kept in IndexedDB as it happens.
 */
export function MatchArea({ onClose }: { onClose: () => void }) {
  const phase = usePhase();
  const error = useMatchError();
  useEffect(() => {
    void matchAreaOpened();
  }, []);

  return (
    <section className="match" aria-labelledby="match-title">
      <header className="match-header">
        <h2 id="match-title">Match a file</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {error && (
        <p className="match-error" role="alert">
          {error}
        </p>
      )}
      {phase.kind === 'loading' && (
        <p role="status">Loading your saved work…{phase.share > 0 && ` ${Math.round(phase.share * 100)}%`}</p>
      )}
      {phase.kind === 'choose' && <FileStep />}
      {phase.kind === 'reading' && (
        <p role="status">
          Reading {phase.fileName}…{phase.rows > 0 && ` ${phase.rows.toLocaleString('en')} rows so far`}
        </p>
      )}
      {phase.kind === 'columns' && <ColumnsStep />}
      {phase.kind === 'matching' && <ProgressStep phase={phase} />}
      {phase.kind === 'review' && <Review />}
    </section>
  );
}
