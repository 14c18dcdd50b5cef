import { Legend } from '../../ui/legend.tsx';
import { classText, NO_FIGURE, SHADE_LABELS, SHADES, type Shade } from './choropleth.ts';
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
            {SHADE_LABELS[s]}
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
  const title = SHADE_LABELS[shade];
  if (!choropleth) return <p className="panel-status">Loading the figures for the colours…</p>;
  const entries = choropleth.classes.map((c) => ({ colour: c.colour, text: classText(choropleth.shade, c) }));
  if (choropleth.missing > 0) entries.push({ colour: NO_FIGURE, text: `No figure (${choropleth.missing})` });
  return <Legend title={title} heading={`${title}, in classes of about equal size`} entries={entries} />;
}
