import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { failureOf, provinceBody, regionBody, validateProvince, validateRegion } from './form.ts';

describe('the region form', () => {
  const known = { codes: ['NCR', 'IVA', 'BARMM'] };

  test('asks for a name and a short code', () => {
    expect(validateRegion({ name: '  ', code: '' }, known)).toEqual({
      name: 'Enter a name.',
      code: 'Enter a short code.',
    });
  });

  test('accepts a code in any case and sends it trimmed and upper-case', () => {
    const draft = { name: '  Negros Island Region ', code: ' nir ' };
    expect(validateRegion(draft, known)).toEqual({});
    expect(regionBody(draft)).toEqual({ name: 'Negros Island Region', code: 'NIR' });
  });

  test('refuses a name another region has, case aside, as the service would', () => {
    const names = ['Region XI (Davao Region)'];
    expect(validateRegion({ name: 'region xi (davao region)', code: 'DX' }, { ...known, names })).toEqual({
      name: 'A region named region xi (davao region) already exists.',
    });
    expect(validateRegion({ name: 'Davao', code: 'DX' }, { ...known, names })).toEqual({});
  });

  test('refuses codes the service would refuse', () => {
    for (const code of ['4A', '-X', 'N R', 'ÑCR', 'A'.repeat(17)]) {
      expect(validateRegion({ name: 'X', code }, known).code).toMatch(/^Use 1 to 16/);
    }
    expect(validateRegion({ name: 'X', code: 'A'.repeat(16) }, known)).toEqual({});
  });

  test('refuses a code another region has, whatever its case', () => {
    expect(validateRegion({ name: 'New', code: 'ncr' }, known).code).toBe('A region with code NCR already exists.');
  });

  test('refuses a name over 200 characters, saying how long it is', () => {
    expect(validateRegion({ name: 'x'.repeat(201), code: 'X' }, known).name).toContain('this one has 201');
  });
});

describe('the province form', () => {
  const known = { codes: ['CEB', 'BOH'], namesInRegion: ['Cebu', 'Bohol'] };

  test('asks for a region', () => {
    expect(validateProvince({ name: 'Camotes', code: 'CAM', regionId: '' }, known)).toEqual({
      regionId: 'Choose the region it belongs to.',
    });
  });

  test('refuses a name the region already has, ignoring case and accents', () => {
    expect(validateProvince({ name: 'CEBÚ ', code: 'CB2', regionId: '7' }, known).name).toBe(
      'This region already has a province named CEBÚ.',
    );
  });

  test('refuses a code another province has, and one-letter codes', () => {
    expect(validateProvince({ name: 'X', code: 'ceb', regionId: '7' }, known).code).toContain('CEB already exists');
    expect(validateProvince({ name: 'X', code: 'C', regionId: '7' }, known).code).toMatch(/^Use 2 to 10/);
  });

  test('sends the region id as chosen', () => {
    expect(provinceBody({ name: ' Camotes ', code: 'cam', regionId: '7' })).toEqual({
      name: 'Camotes',
      code: 'CAM',
      region_id: '7',
    });
  });
});

describe('the service’s answer, mapped onto the form', () => {
  const wire = { name: 'name', code: 'code', region_id: 'regionId' } as const;

  test('a 400 lands on the field its details.param names', () => {
    const error = new ApiError(400, 'invalid_parameter', 'No region with id "x"', { param: 'region_id' });
    expect(failureOf(error, wire)).toEqual({ fields: { regionId: 'No region with id "x"' }, unauthorized: false });
  });

  test('a 409 lands on the field its details.field names', () => {
    const error = new ApiError(409, 'duplicate', 'A province with code CEB already exists', { field: 'code' });
    expect(failureOf(error, wire).fields).toEqual({ code: 'A province with code CEB already exists' });
  });

  test('a 401 says the key was refused and asks for one', () => {
    const failure = failureOf(new ApiError(401, 'unauthorized', 'Missing or invalid API key'), wire);
    expect(failure.unauthorized).toBe(true);
    expect(failure.form).toContain('refused the API key');
  });

  test('a read key’s refusal says an admin key is needed, and asks for one', () => {
    const error = new ApiError(403, 'forbidden', 'This is a read key', { role: 'read', needs: 'admin' });
    const failure = failureOf(error, wire);
    expect(failure).toMatchObject({ needsAdminKey: true, unauthorized: false, fields: {} });
    expect(failure.form).toMatch(/read key.*admin key/);
    // A 403 for another reason (a unit of the code list) is said as the service says it.
    const builtIn = failureOf(new ApiError(403, 'forbidden', 'Cebu is a province of the PSGC code list'), wire);
    expect(builtIn).toEqual({
      fields: {},
      form: 'Not saved: Cebu is a province of the PSGC code list',
      unauthorized: false,
    });
  });

  test('a network failure or a 5xx is said for the whole form', () => {
    expect(failureOf(new ApiError(0, 'network', 'x'), wire).form).toContain('could not be reached');
    expect(failureOf(new ApiError(503, 'http_error', 'Service Unavailable'), wire)).toEqual({
      fields: {},
      form: 'Not saved: Service Unavailable',
      unauthorized: false,
    });
  });
});
