import { describe, expect, test } from 'vitest';
import { figureText, readColumn, readFigure, styleOf } from './numbers.ts';

const value = (cell: string, decimalComma = false) => {
  const figure = readFigure(cell, { decimalComma });
  return figure.kind === 'number' ? figure.value : figure.kind;
};

describe('figures as people write them', () => {
  test.each([
    ['1234', 1234],
    ['1,234', 1234],
    ['1,234,567.89', 1234567.89],
    ['12.5%', 12.5],
    ['(300)', -300],
    ['(12.5%)', -12.5],
    ['-4.2', -4.2],
    ['−4.2', -4.2],
    ['+7', 7],
    ['₱1,234.50', 1234.5],
    ['PHP 2,000', 2000],
    ['1 234', 1234],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['1.2E+06', 1_200_000],
    ['  42  ', 42],
  ])('%s reads as %d', (cell, expected) => {
    expect(value(cell)).toBe(expected);
  });

  test('a blank, a dash and text are said for what they are, never read as zero', () => {
    expect(readFigure('')).toEqual({ kind: 'blank' });
    expect(readFigure('   ')).toEqual({ kind: 'blank' });
    for (const dash of ['-', '–', '—', '--', '..', '…']) expect(readFigure(dash)).toEqual({ kind: 'dash', text: dash });
    for (const text of ['n/a', 'about 5', '12 to 15', '1,23,4', 'NaN', 'Infinity', '5 people'])
      expect(readFigure(text)).toEqual({ kind: 'unreadable', text });
  });

  test('a comma followed by three digits groups thousands; with decimal commas the column says so', () => {
    expect(value('24,87')).toBe('unreadable');
    expect(value('24,87', true)).toBe(24.87);
    expect(value('1.234,5', true)).toBe(1234.5);
    expect(value('1 234,5', true)).toBe(1234.5);
    expect(value('(6,1)', true)).toBe(-6.1);
  });
});

describe('a column', () => {
  test('writes decimals with commas only when a cell cannot be read otherwise', () => {
    // PSA's small-area poverty estimates as 510's file writes them: "24,87", "6,1", "-".
    expect(styleOf(['24,87', '6,1', '-', '13'])).toEqual({ decimalComma: true });
    expect(styleOf(['1,234', '12,345', '5'])).toEqual({ decimalComma: false });
    expect(styleOf(['1,234.5', '24,87'])).toEqual({ decimalComma: false });
  });

  test('is read whole: numbers, the rest listed, and how to write its figures back', () => {
    const column = readColumn(['12.5%', '8%', '-', '', 'n/a', '(3.25%)']);
    expect(column.numbers).toBe(3);
    expect(column.figures.map((f) => f.kind)).toEqual(['number', 'number', 'dash', 'blank', 'unreadable', 'number']);
    expect(column.percent).toBe(true);
    expect(column.decimals).toBe(2);
    expect(figureText(-3.25, column)).toBe('−3.25%');
    expect(figureText(126516, readColumn(['126516']))).toBe('126,516');
  });
});
