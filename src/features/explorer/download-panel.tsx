import { lazy, Suspense, useState } from 'react';
import type { Step } from './step.ts';
import './downloads.css';

// The files' writers (downloads.ts) load when the panel is first opened: no first screen needs them.
const DownloadFiles = lazy(() => import('./download-files.tsx').then((m) => ({ default: m.DownloadFiles })));

/**
 * "Download what you see": the step's units at the detail shown, as GeoJSON, a CSV of their facts and a zipped
 * Shapefile. Closed, it costs nothing; opened, it prepares the three files from what is loaded and shows each
 * size before anything is saved.
 */
export function DownloadPanel({ step, place }: { step: Step; place: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="downloads" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Download these {step.units}</summary>
      {open && (
        <Suspense fallback={<p className="panel-status">Preparing the files…</p>}>
          <DownloadFiles step={step} place={place} />
        </Suspense>
      )}
    </details>
  );
}
