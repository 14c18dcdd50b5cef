import { useEffect, useRef } from 'react';
import { useMapClicks } from '../../state/ui-store.ts';
import { AdminKey } from './admin-key.tsx';
import { AllChanges } from './audit-trail.tsx';
import { CreatedRecords, type ShowTarget } from './created-records.tsx';
import type { RecordRef } from './mutations.ts';
import { ProvinceForm } from './province-form.tsx';
import { RegionForm } from './region-form.tsx';
import './admin.css';

/**
 * The admin area: create regions and provinces, and see what was created and changed. Loaded only when opened.
 * `onShow` opens a record in the explorer; `onGone` hears of one undone, before anything is read again. On a wide
 * screen it stands over the map's right side (`data-map-cover`): the camera fits places beside it, not under it.
 */
export function AdminPanel({
  onClose,
  onShow,
  onGone,
}: {
  onClose: () => void;
  onShow: (target: ShowTarget) => void;
  onGone: (record: RecordRef) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const picking = useMapClicks() === 'pick';
  useEffect(() => heading.current?.focus(), []);
  return (
    <aside
      // While picking members on the map, a phone's admin sheet steps down to show the map above it.
      className={picking ? 'admin picking' : 'admin'}
      data-map-cover="right"
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
      <ProvinceForm onShow={onShow} />
      <CreatedRecords onShow={onShow} onGone={onGone} />
      <AllChanges />
    </aside>
  );
}
