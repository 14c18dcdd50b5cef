import { useEffect, useRef } from 'react';
import { useMapClicks } from '../../state/ui-store.ts';
import { AdminKey } from './admin-key.tsx';
import { CreatedRecords, type ShowTarget } from './created-records.tsx';
import { ProvinceForm } from './province-form.tsx';
import { RegionForm } from './region-form.tsx';

/** The admin area: create regions and provinces, and see what was created. Loaded only when opened. */
export function AdminPanel({ onClose, onShow }: { onClose: () => void; onShow: (target: ShowTarget) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const picking = useMapClicks() === 'pick';
  useEffect(() => heading.current?.focus(), []);
  return (
    <aside
      // While picking members on the map, a phone's admin sheet steps down to show the map above it.
      className={picking ? 'admin picking' : 'admin'}
      aria-labelledby="admin-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="admin-header">
        <h2 id="admin-title" ref={heading} tabIndex={-1}>
          Admin
        </h2>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </header>
      <AdminKey />
      <RegionForm onShow={onShow} />
      <ProvinceForm />
      <CreatedRecords onShow={onShow} />
    </aside>
  );
}
