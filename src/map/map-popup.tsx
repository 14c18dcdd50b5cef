import { Popup, type PopupOptions } from 'maplibre-gl';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from './map-context.ts';

/**
 * A MapLibre popup whose content is React: the popup holds one container element and the children render into
 * it through a portal, so they are JSX like the rest of the app, never hand-built DOM (react-map-gl's
 * `components/popup.ts`). `options` are read once, when the popup is made. `onClose` is called when the user
 * closes it, not when it unmounts.
 */
export function MapPopup({
  lngLat,
  options,
  onClose,
  children,
}: {
  lngLat: [number, number];
  options?: PopupOptions;
  onClose?: () => void;
  children: ReactNode;
}) {
  const map = useMap();
  const [container] = useState(() => document.createElement('div'));
  const [popup] = useState(() => new Popup(options));
  const closed = useEffectEvent(() => onClose?.());
  const position = useEffectEvent(() => lngLat);

  useEffect(() => {
    const onPopupClose = () => closed();
    popup.setLngLat(position()).setDOMContent(container).addTo(map);
    popup.on('close', onPopupClose);
    return () => {
      // Removing the popup fires `close` too: stop listening first, so an unmount is not reported as a close.
      popup.off('close', onPopupClose);
      popup.remove();
    };
  }, [map, popup, container]);

  useEffect(() => {
    // Escape closes the popup, as it closes a dialog (MapLibre's popups have no key of their own), unless what
    // had the key used it (a search box closing its options, the admin area closing).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !popup.isOpen()) return;
      const inDialog = event.target instanceof Element && event.target.closest('dialog, .admin');
      if (!inDialog) popup.remove(); // fires `close`, which tells onClose
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [popup]);

  const [lng, lat] = lngLat;
  useEffect(() => {
    popup.setLngLat([lng, lat]);
  }, [popup, lng, lat]);

  useEffect(() => {
    // What renders through the portal may change size (an answer replacing "Looking up…"): place the popup
    // again, so the anchor MapLibre picks near the map's edges still fits it.
    const observer = new ResizeObserver(() => {
      if (popup.isOpen()) popup.setLngLat(popup.getLngLat());
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [popup, container]);

  return createPortal(children, container);
}
