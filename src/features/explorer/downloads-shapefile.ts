import { zip } from '@mapbox/shp-write';
import JSZip from 'jszip';
import { type DownloadUnit, type Provenance, readmeText, shapefileFeatures } from './downloads.ts';

/**
 * The units as a zipped Shapefile (.shp, .shx, .dbf, .prj in WGS 84) with a README of fields, vintages, sources
 * and licence: what QGIS opens as it is. Written by @mapbox/shp-write; this module and its libraries (JSZip among
 * them, about 30 KB gzip) are loaded only when a Shapefile is asked for.
 */
export async function shapefileZip(
  units: readonly DownloadUnit[],
  provenance: Provenance,
  base: string,
  title: string,
): Promise<Blob> {
  const features = shapefileFeatures(units, provenance);
  const written = await zip<'arraybuffer'>(features, {
    outputType: 'arraybuffer',
    compression: 'DEFLATE',
    types: { polygon: base, multipolygon: base },
  });
  const archive = await JSZip.loadAsync(written);
  archive.file(`${base}-README.txt`, readmeText(title, units, provenance));
  return archive.generateAsync({ type: 'blob', compression: 'DEFLATE', mimeType: 'application/zip' });
}
