import { Popup, type PopupOptions } from 'maplibre-gl';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from './map-context.ts';
import { popupAnchor } from './popup-anchor.ts';

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
    // The side of the point it goes on, chosen again as its content changes size (an answer replacing
    // "Looking up…") and as the map moves under it: inside the part of the map in view (popup-anchor.ts).
    const place = () => {
      const element = popup.getElement();
      if (!popup.isOpen() || !element) return;
      const frame = map.getContainer().getBoundingClientRect();
      const corner = map.getContainer().querySelector('.maplibregl-ctrl-bottom-right')?.getBoundingClientRect();
      // Its whole height, as if nothing were cut: the content's own, with the popup's padding and tip around it.
      const around = element.offsetHeight - container.clientHeight;
      const { anchor, height } = popupAnchor(
        map.project(popup.getLngLat()),
        { width: element.offsetWidth, height: container.scrollHeight + around },
        { width: frame.width, bottom: corner ? corner.top - frame.top : frame.height },
      );
      const maxHeight = height === undefined ? '' : `${Math.max(48, height - around)}px`;
      if (popup.options.anchor === anchor && container.style.maxHeight === maxHeight) return;
      container.style.maxHeight = maxHeight;
      container.style.overflowY = maxHeight ? 'auto' : '';
      popup.options.anchor = anchor;
      popup.setLngLat(popup.getLngLat());
    };
    const observer = new ResizeObserver(place);
    observer.observe(container);
    map.on('move', place);
    return () => {
      observer.disconnect();
      map.off('move', place);
    };
  }, [map, popup, container]);

  return createPortal(children, container);
}
