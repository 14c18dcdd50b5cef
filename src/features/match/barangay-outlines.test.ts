/** The outline of a matched row's barangay (match-layers.tsx), read by its code through the API client. */
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { barangayQueries } from '../../api/barangays.ts';
import { api, BASE, serviceServer } from '../../test/service-server.ts';

const server = serviceServer();

const MANILA = 1380600;

/** Manila's barangays as its record gives them, read straight from the service. */
const manila = async () => (await api(`/v1/municities/${MANILA}?geometry=simple`)).body;

describe("barangays' outlines by code", () => {
  test('come from the barangay search: just the barangays asked for, each with its outline', async () => {
    const client = new QueryClient();
    const body = await manila();
    const [first, second] = body.geojson.features.map((f: { properties: { code: string } }) => f.properties.code);
    const wanted = [
      { code: first, town: MANILA },
      { code: second, town: MANILA },
    ];
    const outlines = await client.fetchQuery(barangayQueries.outlines(wanted, 'simple'));
    expect(outlines.features.map((f) => f.properties.code)).toEqual([first, second]);
    for (const f of outlines.features) expect(f.geometry?.type).toMatch(/Polygon/);
  });

  test("from a server without barangay search (404), come from the towns' barangays instead", async () => {
    let searched = 0;
    server.use(
      http.post(`${BASE}/v1/barangays/search`, () => {
        searched++;
        return HttpResponse.json({ error: { code: 'not_found', message: 'No such endpoint' } }, { status: 404 });
      }),
    );
    const client = new QueryClient();
    const town = await manila();
    const code = town.geojson.features[0].properties.code;
    const outlines = await client.fetchQuery(barangayQueries.outlines([{ code, town: MANILA }], 'simple'));
    expect(searched).toBe(1);
    expect(outlines.features).toHaveLength(1);
    expect(outlines.features[0].properties.code).toBe(code);
    expect(outlines.features[0].geometry).toEqual(town.geojson.features[0].geometry);
  });
});
