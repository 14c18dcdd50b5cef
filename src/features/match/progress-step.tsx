import { useEffect, useState } from 'react';
import { matchingCancelled, type Phase } from './job-state.ts';

const seconds = (s: number) =>
  s < 90 ? `${Math.max(1, Math.round(s))} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

/**
 * The third step: how far matching is, how fast it goes and how long is left; a button to stop it. Until the first
 * rows of this run are back, it says what is under way instead: the matcher first reads the country's place names
 * and indexes them (several seconds each time matching starts), and '0 of 2,009 rows' alone read as stuck.
 */
export function ProgressStep({ phase }: { phase: Extract<Phase, { kind: 'matching' }> }) {
  const { done, total, startedAt, doneAtStart } = phase;
  // The clock moves on between batches, so the time left counts down even while one is on its way.
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0.001, (Math.max(now, startedAt) - startedAt) / 1000);
  const rate = (done - doneAtStart) / elapsed;
  const left = rate > 0 ? (total - done) / rate : null;
  const starting = done === doneAtStart;
  return (
    <div className="match-progress">
      <label>
        Matching rows
        {/* Without a value while starting: a bar that moves without saying how far. */}
        <progress max={total} value={starting ? undefined : done} />
      </label>
      {/* Only the count is announced: the speed and time left change every second. */}
      <p>
        <span role="status">
          {done.toLocaleString('en')} of {total.toLocaleString('en')} rows
          {starting && ' · getting the matcher ready'}
        </span>
        {starting && `: it reads and indexes the country’s place names first (${seconds(elapsed)} so far)`}
        {rate > 0 && ` · ${Math.round(rate).toLocaleString('en')} rows a second`}
        {left !== null && ` · about ${seconds(left)} left`}
      </p>
      <p className="match-hint">Each batch is saved as it comes back: closing the tab keeps what is done.</p>
      <button type="button" onClick={matchingCancelled}>
        Stop matching
      </button>
    </div>
  );
}
