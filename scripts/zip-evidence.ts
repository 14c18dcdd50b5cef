/**
 * What ZIP codes change in the geocoder's answers on the real-address sets (docs/geocoding.md, "ZIP codes"):
 * how many addresses carry a four-digit number PHLPost has, how many of those the geocoder reads as a ZIP code,
 * whether the code is the right town's, and how the first answer's town changes against the same address with the
 * code blanked out (fixed, broken, flagged), and its confidence. Then the same addresses with the town they name
 * taken out, as a clerk who wrote only the ZIP code would: how often the code still finds the town.
 *
 *   node --import tsx scripts/zip-evidence.ts        # the sets eval-set.ts finds (KAPULUAN_ADDRESSES …)
 */
import fs from 'node:fs';
import Papa from 'papaparse';
import { diskDataSource } from '../src/server/disk.ts';
import { Dataset } from '../src/service/dataset.ts';
import { ReverseGeocoder } from '../src/service/geocode/reverse.ts';
import type { GeocodeHit } from '../src/service/geocode/search.ts';
import { Geocoder } from '../src/service/geocode/search.ts';
import { ADDRESSES_CSV, GPS_ADDRESSES_CSV } from './eval-set.ts';

interface Case {
  q: string;
  town: string;
}

const data = await Dataset.load(diskDataSource());
const [gazetteer] = await Promise.all([data.gazetteer(), data.complete()]);
const geocoder = new Geocoder(data, gazetteer);
const byCode = new Map(gazetteer.map((g) => [g.code, g]));
const known = new Set((await data.allUnits()).flatMap((u) => u.zipCodes ?? []));
const lineage = (code: string) => [code, ...(byCode.get(code)?.chain ?? [])];
const rightTown = (c: GeocodeHit | undefined, town: string) => !!c && lineage(c.code).includes(town);
const zipsOf = (town: string) => data.byCode.get(town)?.zipCodes ?? [];

const read = (file: string) =>
  Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;

const sets: { name: string; cases: Case[] }[] = [];
if (fs.existsSync(ADDRESSES_CSV)) {
  sets.push({
    name: 'health facilities',
    cases: read(ADDRESSES_CSV)
      .filter((r) => byCode.has(r.town_psgc))
      .map((r) => ({ q: r.address.slice(0, 200), town: r.town_psgc })),
  });
}
if (fs.existsSync(GPS_ADDRESSES_CSV)) {
  const reverse = new ReverseGeocoder(data);
  const cases: Case[] = [];
  for (const r of read(GPS_ADDRESSES_CSV)) {
    const at = await reverse.at(Number(r.lng), Number(r.lat));
    if (at) cases.push({ q: r.address.slice(0, 200), town: at.town });
  }
  sets.push({ name: 'with a point', cases });
}

for (const { name, cases } of sets) {
  const count = { n: cases.length, number: 0, read: 0, readRight: 0, notReadRight: 0 };
  const outcome = { bothRight: 0, fixed: 0, broken: 0, bothWrong: 0, flagged: 0, flaggedWrong: 0, placed: 0 };
  const confidence = { with: 0, without: 0 };
  const noTown = { n: 0, withZip: 0, without: 0 };
  const changed: string[] = [];
  for (const c of cases) {
    const numbers = [...c.q.matchAll(/(?<![\p{L}\p{N}])\d{4}(?![\p{L}\p{N}])/gu)].filter((m) => known.has(m[0]));
    if (!numbers.length) continue;
    count.number++;
    const [first] = geocoder.search(c.q, 5);
    const zip = first?.zip;
    if (!zip) {
      if (numbers.some((m) => zipsOf(c.town).includes(m[0]))) count.notReadRight++;
      continue;
    }
    count.read++;
    if (zipsOf(c.town).includes(zip.code) || lineage(c.town).some((t) => zipsOf(t).includes(zip.code)))
      count.readRight++;
    const blanked = c.q.replace(new RegExp(`(?<![\\p{L}\\p{N}])${zip.code}(?![\\p{L}\\p{N}])`, 'gu'), '    ');
    const [without] = geocoder.search(blanked, 5);
    confidence.with += first.confidence ?? 0;
    confidence.without += without?.confidence ?? 0;
    // the town the answer matched, taken out of the address (with and without the code)
    const townText = first.matched?.town ?? first.matched?.district;
    if (townText) {
      const at = c.q.lastIndexOf(townText);
      const cut = (q: string) => `${q.slice(0, at)}${' '.repeat(townText.length)}${q.slice(at + townText.length)}`;
      noTown.n++;
      if (rightTown(geocoder.search(cut(c.q), 5)[0], c.town)) noTown.withZip++;
      if (rightTown(geocoder.search(cut(blanked), 5)[0], c.town)) noTown.without++;
    }
    const now = rightTown(first, c.town);
    const before = rightTown(without, c.town);
    if (now && before) outcome.bothRight++;
    else if (now) outcome.fixed++;
    else if (before) outcome.broken++;
    else outcome.bothWrong++;
    if (!zip.agrees) {
      outcome.flagged++;
      if (!now) outcome.flaggedWrong++;
    }
    if (zip.alone) outcome.placed++;
    if (now !== before) changed.push(`  ${now ? 'fixed ' : 'broken'} ${c.q} → ${first.name} (was ${without?.name})`);
  }
  console.log(
    `${name}: ${count.n} addresses; ${count.number} with a four-digit number PHLPost has; ${count.read} read as a ZIP code, ` +
      `${count.readRight} of them the right town's; ${count.notReadRight} not read that were the right town's`,
  );
  console.log(
    `  first answer's town, with the code against without it: right both ${outcome.bothRight}, fixed ${outcome.fixed}, ` +
      `broken ${outcome.broken}, wrong both ${outcome.bothWrong}; flagged ${outcome.flagged} (${outcome.flaggedWrong} of them wrong), placed by the code alone ${outcome.placed}`,
  );
  if (count.read) {
    console.log(
      `  mean confidence of the first answer: ${(confidence.with / count.read).toFixed(2)} with the code, ` +
        `${(confidence.without / count.read).toFixed(2)} without`,
    );
    console.log(
      `  the town named taken out (${noTown.n}): the right town first ${noTown.withZip} with the code, ${noTown.without} without`,
    );
  }
  for (const line of changed) console.log(line);
}
