import type { Crumb } from './crumbs.ts';
import type { ExplorerView } from './view.ts';

/** Where you are: each step above the current one goes back to it. */
export function Breadcrumbs({ crumbs, navigate }: { crumbs: Crumb[]; navigate: (view: ExplorerView) => void }) {
  return (
    <nav aria-label="Breadcrumbs">
      <ol className="crumbs">
        {crumbs.map((c, i) => (
          <li key={c.step}>
            {i < crumbs.length - 1 ? (
              <button type="button" className="link" onClick={() => navigate(c.to)}>
                {c.label}
              </button>
            ) : (
              <span aria-current="page">
                {c.label}
                {c.note && <span className="tag"> ({c.note})</span>}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
