/**
 * npm run bench:downloads — the sizes of "Download what you see" for the largest units a person would
 * take away: the towns of Pangasinan (48, the most of any province) and of Palawan (the largest in area, its 24
 * towns mostly islands), and the barangays of Manila (897, the most of any town) and of Davao City (the largest
 * town in area), at each detail, in each format. The files are made by the app's own code over the built-in
 * service's answers, as the explorer makes them. Prints figures; asserts nothing.
 */

import {
  csvText,
  type DownloadUnit,
  geojsonText,
  type Provenance,
  sizeText,
} from '../src/features/explorer/downloads.ts';
import { shapefileZip } from '../src/features/explorer/downloads-shapefile.ts';
import { barangayUnits, townUnits } from '../src/features/explorer/step-units.ts';
import { diskDataSource } from '../src/server/disk.ts';
import { Dataset } from '../src/service/dataset.ts';
import { Service } from '../src/service/service.ts';
import { memoryStore } from '../src/service/store.ts';

const KEY = 'bench-key';
const data = await Dataset.load(diskDataSource());
const service = await Service.create({ source: data, store: memoryStore(), keys: [KEY] });
const get = async (path: string) => {
  const url = new URL(path, 'http://bench.kapuluan');
  const result = await service.call('GET', { url, authorization: `Bearer ${KEY}` });
  if (result.status !== 200) throw new Error(`${path}: ${result.status}`);
  return result.body as never;
};
const provenance: Provenance = {
  vintage: data.manifest.vintage,
  boundaryVintage: data.manifest.boundaryVintage ?? data.manifest.vintage,
  attribution: data.manifest.attribution,
};

async function sizes(units: DownloadUnit[]) {
  const zip = await shapefileZip(units, provenance, 'bench', 'bench');
  return [
    new TextEncoder().encode(geojsonText(units, provenance, 'bench')).length,
    new TextEncoder().encode(csvText(units, provenance)).length,
    zip.size,
  ];
}

const places: { name: string; units: (detail: string) => Promise<DownloadUnit[]> }[] = [
  {
    name: "Pangasinan's 48 towns",
    units: async (detail) =>
      townUnits(
        ((await get('/v1/municities?province=Pangasinan&limit=100')) as { data: never[] }).data,
        ((await get(`/v1/provinces/0105500000?geometry=${detail}`)) as { geojson: never }).geojson,
      ),
  },
  {
    name: "Palawan's 24 towns (Puerto Princesa included)",
    units: async (detail) =>
      townUnits(
        ((await get('/v1/municities?province=Palawan&limit=100')) as { data: never[] }).data,
        ((await get(`/v1/provinces/1705300000?geometry=${detail}`)) as { geojson: never }).geojson,
      ),
  },
  {
    name: "Manila's 897 barangays",
    units: async (detail) => barangayUnits(await get(`/v1/municities/1380600?geometry=${detail}`)),
  },
  {
    name: "Davao City's 182 barangays",
    units: async (detail) => barangayUnits(await get(`/v1/municities/1130700?geometry=${detail}`)),
  },
];

console.log(
  `Download sizes (codes PSGC ${provenance.vintage}, boundaries ${provenance.boundaryVintage}); GeoJSON | CSV | Shapefile zip`,
);
console.log('| units | detail | features | GeoJSON | CSV | Shapefile (zip) |');
console.log('|---|---|---|---|---|---|');
for (const place of places) {
  for (const detail of ['simple', 'medium', 'detailed']) {
    const units = await place.units(detail);
    const [geojson, csv, zip] = await sizes(units);
    console.log(
      `| ${place.name} | ${detail} | ${units.length} | ${sizeText(geojson)} | ${sizeText(csv)} | ${sizeText(zip)} |`,
    );
  }
}
await service.close();
