import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { useMap } from '../../map/map-context.ts';
import { savePicture } from '../../map/save-picture.ts';
import { classText, NO_FIGURE, SHADE_LABELS } from './choropleth.ts';
import type { StepChoropleth } from './use-choropleth.ts';
import './save-picture.css';

/**
 * "Save picture": the map as shown, as a PNG at 2× with the page's title, the legend of its colours, a scale and
 * the data's source and vintage line, to paste into an article. Drawn on the map, by its zoom buttons.
 */
export function SavePictureButton({ choropleth }: { choropleth: StepChoropleth | undefined }) {
  const map = useMap();
  const source = useQuery(datasetQueries.manifest()).data?.attribution ?? '';
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const save = async () => {
    setState('saving');
    try {
      const legend = choropleth && {
        title: SHADE_LABELS[choropleth.shade],
        items: [
          ...choropleth.classes.map((c) => ({ colour: c.colour, text: classText(choropleth.shade, c) })),
          ...(choropleth.missing > 0 ? [{ colour: NO_FIGURE, text: `No figure (${choropleth.missing})` }] : []),
        ],
      };
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
