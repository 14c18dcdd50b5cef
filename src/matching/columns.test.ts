import { describe, expect, test } from 'vitest';
import { addressOf, guessColumns, namesAPlace, ROLE_LABELS } from './columns.ts';

describe('guessColumns', () => {
  test('maps the parts of a facility list, taking the street as the free text', () => {
    const header = ['Facility Name', 'Street', 'Barangay', 'City/Municipality', 'Province', 'Zip Code'];
    expect(guessColumns(header, [])).toEqual({ address: 1, barangay: 2, town: 3, province: 4, zip: 5 });
  });

  test('finds a lone address column', () => {
    expect(guessColumns(['id', 'address'], [['1', '12 Rizal St, Marikina']])).toEqual({ address: 1 });
    expect(guessColumns(['NAME', 'COMPLETE ADDRESS', 'CONTACT'], [])).toEqual({ address: 1 });
  });

  test('reads Filipino headers', () => {
    const header = ['Pangalan', 'Tirahan', 'Barangay', 'Bayan/Lungsod', 'Lalawigan', 'Rehiyon'];
    expect(guessColumns(header, [])).toEqual({ address: 1, barangay: 2, town: 3, province: 4, region: 5 });
  });

  test('reads snake_case, camelCase and abbreviations', () => {
    expect(guessColumns(['brgy_name', 'city_municipality_name', 'prov', 'reg', 'zipcode'], [])).toEqual({
      barangay: 0,
      town: 1,
      province: 2,
      region: 3,
      zip: 4,
    });
    expect(guessColumns(['addr', 'Bgy.', 'cityMun', 'provinceName', 'postal'], [])).toEqual({
      address: 0,
      barangay: 1,
      town: 2,
      province: 3,
      zip: 4,
    });
    expect(guessColumns(['LGU', 'Barrio', 'Town'], [])).toEqual({ town: 0, barangay: 1 });
  });

  test('gives a role to one column only, and to the clearest name', () => {
    expect(guessColumns(['City Health Office', 'City', 'Municipality'], [])).toEqual({ town: 1 });
    expect(guessColumns(['Address', 'Home Address'], [])).toEqual({ address: 0 });
  });

  test('leaves out columns about something else than the place', () => {
    expect(guessColumns(['Email Address', 'Barangay Code', 'PSGC', 'Barangay'], [])).toEqual({ barangay: 3 });
    expect(guessColumns(['E-mail address', 'Contact'], [])).toEqual({});
  });

  test('finds the address by content when the header names no place', () => {
    const header = ['Column 1', 'Column 2', 'Column 3', 'Column 4'];
    const rows = [
      ['Rural Health Unit I', '12 Rizal St, San Roque, Marikina', '0917 555 0101', 'open'],
      ['Barangay Health Station', 'Purok 3, Poblacion, Tagum City', '0918 555 0102', 'closed'],
    ];
    expect(guessColumns(header, rows)).toEqual({ address: 1 });
  });

  test('takes the only column of text when no cell has a comma', () => {
    expect(
      guessColumns(
        ['Column 1', 'Column 2'],
        [
          ['1001', 'Marikina'],
          ['1002', 'Taguig'],
        ],
      ),
    ).toEqual({ address: 1 });
  });

  test('finds nothing in a table of numbers', () => {
    expect(guessColumns(['Column 1', 'Column 2'], [['1', '2.5']])).toEqual({});
  });

  test('has a label for every role', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual(['address', 'barangay', 'province', 'region', 'town', 'zip']);
    expect(ROLE_LABELS.town).toBe('City or municipality');
  });
});

describe('addressOf', () => {
  const all = { address: 0, barangay: 1, town: 2, province: 3, region: 4, zip: 5 };

  test('joins the address and the parts, most specific first, then the ZIP code labelled as one', () => {
    const row = ['12 Rizal St', 'San Roque', 'Marikina', 'Metro Manila', 'NCR', '1800'];
    expect(addressOf(row, all)).toBe('12 Rizal St, San Roque, Marikina, Metro Manila, NCR, ZIP 1800');
  });

  test('is the ZIP code alone when nothing else is filled, and leaves out a code the address already has', () => {
    expect(addressOf(['', '', '', '', '', '4027'], all)).toBe('ZIP 4027');
    expect(addressOf(['Purok 3, Calamba 4027', '', '', '', '', '4027'], all)).toBe('Purok 3, Calamba 4027');
    // a house number that is the code's digits inside another number is no code
    expect(addressOf(['14027 Rizal St', '', '', '', '', '4027'], all)).toBe('14027 Rizal St, ZIP 4027');
  });

  test('skips empty parts', () => {
    expect(addressOf(['', ' ', 'Marikina', '', 'NCR', ''], all)).toBe('Marikina, NCR');
    expect(addressOf(['San Roque', 'Marikina'], { barangay: 0, town: 1 })).toBe('San Roque, Marikina');
  });

  test('skips parts the address already holds, whatever their case or affixes', () => {
    const row = ['12 Mabini St, Brgy. San Roque, MARIKINA CITY', 'san roque', 'Marikina', 'Metro Manila', '', ''];
    expect(addressOf(row, all)).toBe('12 Mabini St, Brgy. San Roque, MARIKINA CITY, Metro Manila');
  });

  test('keeps a part that the address only mentions inside a street name', () => {
    expect(addressOf(['12 Rizal St', '', 'Antipolo', 'Rizal', '', ''], all)).toBe('12 Rizal St, Antipolo, Rizal');
  });

  test('is empty for a row with nothing in the mapped columns', () => {
    expect(addressOf(['Clinic A', ''], { address: 1 })).toBe('');
  });
});

test('columns name a place when there is any, a ZIP code alone too (its town)', () => {
  expect(namesAPlace({})).toBe(false);
  expect(namesAPlace({ zip: 3 })).toBe(true);
  expect(namesAPlace({ zip: 3, region: 0 })).toBe(true);
  expect(namesAPlace({ address: 1 })).toBe(true);
});
