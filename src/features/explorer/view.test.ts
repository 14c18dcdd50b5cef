import { describe, expect, test } from 'vitest';
import { parseView, serializeView } from './view.ts';

describe('the view in the URL', () => {
  test('round-trips a drill-down with a fixed level', () => {
    const view = { region: '7', province: '7022', municity: 702217, barangay: '0702217001', level: 'medium' as const };
    expect(parseView(serializeView(view))).toEqual(view);
  });

  test('drops a step whose parent is missing, and bad values', () => {
    expect(parseView('?province=7022&municity=1')).toEqual({});
    expect(parseView('?region=7&municity=5')).toEqual({ region: '7' });
    expect(parseView('?region=7&province=7022&municity=abc&level=huge')).toEqual({ region: '7', province: '7022' });
  });

  test('keeps a batch of region codes', () => {
    expect(parseView('?batch=0100000000,0700000000,bad')).toEqual({ batch: ['0100000000', '0700000000'] });
  });
});
