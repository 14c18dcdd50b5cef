import { describe, expect, test } from 'vitest';
import { popupAnchor } from './popup-anchor.ts';

const phone = { width: 390, bottom: 415 };
const answer = { width: 280, height: 220 };

describe('a popup around its point', () => {
  test('goes above the point where it fits', () => {
    expect(popupAnchor({ x: 195, y: 300 }, answer, phone)).toEqual({ anchor: 'bottom' });
  });

  test('goes below the point near the top, where it fits above the part of the map not seen', () => {
    expect(popupAnchor({ x: 195, y: 100 }, { ...answer, height: 120 }, phone)).toEqual({ anchor: 'top' });
  });

  test('goes beside the point where it fits neither above nor below, and there is room beside', () => {
    const wide = { width: 1280, bottom: 780 };
    expect(popupAnchor({ x: 300, y: 400 }, { width: 280, height: 390 }, wide)).toEqual({ anchor: 'left' });
    expect(popupAnchor({ x: 1000, y: 400 }, { width: 280, height: 390 }, wide)).toEqual({ anchor: 'right' });
  });

  test('where it fits nowhere, takes the side with more room, as high as that room', () => {
    expect(popupAnchor({ x: 150, y: 200 }, answer, phone)).toEqual({ anchor: 'top', height: 203 });
    expect(popupAnchor({ x: 150, y: 230 }, answer, phone)).toEqual({ anchor: 'bottom', height: 218 });
  });

  test('keeps clear of the sides', () => {
    expect(popupAnchor({ x: 40, y: 300 }, answer, phone).anchor).toBe('bottom-left');
    expect(popupAnchor({ x: 370, y: 300 }, answer, phone).anchor).toBe('bottom-right');
  });
});
