/** Bad input the properties found answered with a 500 or the wrong shape, each kept as a plain regression test. */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

describe('malformed input', () => {
  test('a path with a malformed percent escape is a 400 naming the path, not a 500', async () => {
    for (const path of ['/v1/regions/%', '/v1/municities/%E0%A4%A', '/v1/provinces/%ED%A0%80', '/v1/%zz']) {
      const { status, body } = await api(path);
      expect(status, path).toBe(400);
      expect(body).toEqual({
        data: null,
        error: { code: 'invalid_parameter', message: expect.any(String), details: { param: 'path' } },
      });
    }
  });

  test('batch search answers 400 for ids or geometry that are objects or arrays nested thousands deep', async () => {
    const deep = `${'['.repeat(20_000)}"x"${']'.repeat(20_000)}`;
    const bodies = [
      '{"ids":[{"toString":1}]}',
      `{"ids":[${deep}]}`,
      '{"ids":["1300000000"],"geometry":{"toString":1}}',
      `{"ids":["1300000000"],"geometry":${deep}}`,
    ];
    for (const sent of bodies) {
      const { status, body } = await api('/v1/regions/search', { body: sent });
      expect(status, sent.slice(0, 60)).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', details: { param: expect.any(String) } });
    }
  });
});
