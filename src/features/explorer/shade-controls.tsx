import { useQuery } from '@tanstack/react-query';
import { datasetQueries } from '../../api/dataset.ts';
import { Legend } from '../../ui/legend.tsx';
import { classText, NO_FIGURE, SHADES, type Shade, shadeLabel } from './choropleth.ts';
import type { Step } from './step.ts';
import { useChoropleth } from './use-choropleth.ts';
import type { ExplorerView } from './view.ts';

/** Whether, and by what, the step's units are coloured; the choice is in the link and stays from step to step. */
export function ShadeSelect({
  view,
  navigate,
}: {
  view: ExplorerView;
  navigate: (view: ExplorerView, options?: { replace?: boolean }) => void;
}) {
  // The census of the data's counts, for the choices' names (the legend takes it from the answers themselves).
  const year = useQuery(datasetQueries.manifest()).data?.populationYear;
  return (
    <label className="detail">
      Colour by
      <select
        value={view.shade ?? 'none'}
        onChange={(e) =>
          navigate(
            { ...view, shade: e.target.value === 'none' ? undefined : (e.target.value as Shade) },
            { replace: true },
          )
        }
      >
        <option value="none">Nothing (outlines only)</option>
        {SHADES.map((s) => (
          <option key={s} value={s}>
            {shadeLabel(s, year)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The choropleth's classes: each colour with the range of figures it stands for and how many units it holds,
 * so the map can be read without telling colours apart (the figures are in the list and the hover too).
 */
export function ChoroplethLegend({ step, shade }: { step: Step; shade: Shade | undefined }) {
  const choropleth = useChoropleth(step, shade);
  if (!shade) return null;
  if (!choropleth) return <p className="panel-status">Loading the figures for the colours…</p>;
  const title = shadeLabel(shade, choropleth.year);
  const classes =
    shade === 'growth'
      ? 'shrinking and growing apart, in classes of about equal size'
      : 'in classes of about equal size';
  const entries = choropleth.classes.map((c) => ({ colour: c.colour, text: classText(choropleth.shade, c) }));
  if (choropleth.missing > 0) entries.push({ colour: NO_FIGURE, text: `No figure (${choropleth.missing})` });
  return <Legend title={title} heading={`${title}, ${classes}`} entries={entries} />;
}
