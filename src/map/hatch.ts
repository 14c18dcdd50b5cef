import { useEffect } from 'react';
import { useMap } from './map-context.ts';

/** The pattern land no barangay covers is filled with (the explorer's `noBarangayFill`, features/explorer/layers.ts). */
export const HATCH_IMAGE = 'no-barangay-hatch';

const SIZE = 8;
const GROUND: [number, number, number, number] = [221, 214, 198, 255];
const LINE: [number, number, number, number] = [150, 141, 124, 255];

/** An 8-pixel tile of diagonal lines two pixels wide on a light grey-brown: a hatch that repeats seamlessly. */
export function hatchPixels(): Uint8Array {
  const data = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const d = (x + y) % SIZE;
      data.set(d === 0 || d === 1 ? LINE : GROUND, (y * SIZE + x) * 4);
    }
  }
  return data;
}

/**
 * Adds the hatch to the map's images while the caller is mounted; call it before the hook that adds the layer
 * that uses it, so the image is there when the layer is first drawn.
 */
export function useHatchImage() {
  const map = useMap();
  useEffect(() => {
    if (!map.hasImage(HATCH_IMAGE)) map.addImage(HATCH_IMAGE, { width: SIZE, height: SIZE, data: hatchPixels() });
    return () => {
      if (map.hasImage(HATCH_IMAGE)) map.removeImage(HATCH_IMAGE);
    };
  }, [map]);
}
