import { describe, expect, test } from 'vitest';
import { getDomain } from './tldts-lite.ts';

describe('the registrable domain msw asks for (in place of tldts)', () => {
  test('is the last two labels of a name, and the whole of an address or a single label', () => {
    expect(getDomain('kapuluan.example.ph')).toBe('example.ph');
    expect(getDomain('www.gis.ph.')).toBe('gis.ph');
    expect(getDomain('localhost')).toBe('localhost');
    expect(getDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(getDomain('[::1]')).toBe('[::1]');
    expect(getDomain('')).toBeNull();
  });
});
