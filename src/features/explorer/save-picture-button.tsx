import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { useMap } from '../../map/map-context.ts';
import { savePicture } from '../../map/save-picture.ts';
import { useLegendShown } from '../../state/ui-store.ts';
import './save-picture.css';

/**
 * "Save picture": the map as shown, as a PNG at 2× with the page's title, the legend of its colours (the one the
 * panel shows: the step's own, or a user's figures'), a scale and the data's source and vintage line, to paste
 * into an article. Drawn on the map, by its zoom buttons.
 */
export function SavePictureButton() {
  const map = useMap();
  const shown = useLegendShown();
  const source = useQuery(datasetQueries.manifest()).data?.attribution ?? '';
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const save = async () => {
    setState('saving');
    try {
      const legend = shown ? { title: shown.title, items: shown.entries } : undefined;
      const blob = await savePicture(map, { title: document.title, legend, source });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${
        document.title
          .split(' · ')[0]
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '') || 'map'
      }.png`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="save-picture">
      <button type="button" onClick={save} disabled={state === 'saving'}>
        {state === 'saving' ? 'Saving…' : 'Save picture'}
      </button>
      <span role="status">{state === 'failed' && 'The picture could not be made. Try again.'}</span>
    </div>
  );
}
