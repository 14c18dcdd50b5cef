import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection } from 'geojson';
import type { FeatureProps, LevelSize } from '../dataset/types.ts';
import type { Shape } from './geometry.ts';

/** Writes files under one root and keeps the raw and gzip size of each, for the manifest. */
export class DataWriter {
  readonly sizes = new Map<string, { bytes: number; gzipBytes: number }>();
  constructor(readonly root: string) {}

  json(relative: string, value: unknown): void {
    const file = path.join(this.root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const text = JSON.stringify(value);
    fs.writeFileSync(file, text);
    this.sizes.set(relative, { bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length });
  }

  collection(relative: string, features: Feature<Shape, FeatureProps>[]): void {
    const collection: FeatureCollection<Shape, FeatureProps> = { type: 'FeatureCollection', features };
    this.json(relative, collection);
  }

  /** Totals over the files whose path starts with `prefix`. */
  summarise(prefix: string, features: number): LevelSize {
    const summary: LevelSize = { files: 0, features, bytes: 0, gzipBytes: 0, largestFile: { path: '', bytes: 0 } };
    for (const [file, size] of this.sizes) {
      if (!file.startsWith(prefix)) continue;
      summary.files++;
      summary.bytes += size.bytes;
      summary.gzipBytes += size.gzipBytes;
      if (size.bytes > summary.largestFile.bytes) summary.largestFile = { path: file, bytes: size.bytes };
    }
    return summary;
  }
}
