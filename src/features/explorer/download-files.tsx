import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { regionQueries } from '../../api/regions.ts';
import type { DetailLevel } from '../../contract/types.ts';
import { usePlaceFigures } from '../../ui/place-figures.ts';
import {
  csvText,
  type DownloadUnit,
  fileBase,
  geojsonText,
  noBarangayUnits,
  type Provenance,
  sizeText,
  yourColumn,
} from './downloads.ts';
import type { Step } from './step.ts';
import { specOf } from './steps/steps.ts';
import { useStepUnits } from './use-step-units.ts';

interface Prepared {
  name: string;
  label: string;
  blob: Blob;
}

/** Saves a file the browser's way: an object URL clicked as a download link, let go once clicked. */
function save({ name, blob }: Prepared) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The step's units as files, prepared from what is loaded (useStepUnits asks for what is not) once the panel is
 * open, with each size shown before anything is saved.
 */
export function DownloadFiles({ step, place }: { step: Step; place: string }) {
  const units = useStepUnits(step, true);
  const land = useQuery(datasetQueries.noBarangay(step.detail)).data;
  const figures = usePlaceFigures();
  // The land no barangay covers around the place goes in too, as its own feature class (docs/api-decisions.md);
  // a user's own figure goes with each unit their table has a row for.
  const withLand = useMemo(() => {
    if (!units.units || !land) return undefined;
    const own = figures ? units.units.map((u) => ({ ...u, yours: figures.valueOf(u.code) })) : units.units;
    return [...own, ...noBarangayUnits(specOf(step).place, units.units, land.features)];
  }, [units.units, land, step, figures]);
  const hasYours = !!figures && !!withLand?.some((u) => u.yours !== undefined);
  const yours = useMemo(
    () =>
      hasYours && figures
        ? { column: yourColumn(figures.label), label: figures.label, source: figures.source }
        : undefined,
    [hasYours, figures],
  );
  return (
    <Files units={withLand} error={units.error} what={step.units} place={place} level={step.detail} yours={yours} />
  );
}

function Files({
  units,
  error,
  what,
  place,
  level,
  yours,
}: {
  units?: DownloadUnit[];
  error?: Error | null;
  what: string;
  place: string;
  level: DetailLevel;
  yours?: Provenance['yours'];
}) {
  const manifest = useQuery(datasetQueries.manifest());
  // The facts are the service's answers: their code list is the one it stamped them with (X-PSGC-Vintage).
  const answered = useQuery({ ...regionQueries.list(), select: (list) => list.vintage ?? null });
  const provenance = useMemo((): Provenance | undefined => {
    if (!manifest.data) return undefined;
    const vintage = answered.data ?? manifest.data.vintage;
    const { attribution } = manifest.data;
    return {
      vintage,
      boundaryVintage: manifest.data.boundaryVintage ?? vintage,
      attribution: attribution.replace(/Codes: PSA PSGC [1-4]Q \d{4}/, `Codes: PSA PSGC ${vintage}`),
      ...(yours && { yours }),
    };
  }, [manifest.data, answered.data, yours]);
  const title = `${place}: ${what}, ${level} detail`;
  const base = provenance && fileBase(place, what, level, provenance);
  const texts = useMemo((): Prepared[] | undefined => {
    if (!units || !provenance || !base) return undefined;
    return [
      {
        name: `${base}.geojson`,
        label: 'GeoJSON',
        blob: new Blob([geojsonText(units, provenance, title)], { type: 'application/geo+json' }),
      },
      {
        name: `${base}.csv`,
        label: 'CSV of the facts',
        blob: new Blob([csvText(units, provenance)], { type: 'text/csv' }),
      },
    ];
  }, [units, provenance, base, title]);
  const shapefile = useShapefile(units, provenance, base, title);

  if (error)
    return (
      <p className="panel-status" data-kind="error">
        Could not prepare the files: {error.message}
      </p>
    );
  if (!texts) return <p className="panel-status">Preparing the files…</p>;
  const own = units?.filter((u) => u.level !== 'no-barangay') ?? [];
  const land = (units?.length ?? 0) - own.length;
  const withOutline = own.filter((u) => u.geometry).length;
  return (
    <>
      <p className="facts">
        {own.length.toLocaleString('en-PH')} {what} at {level} detail
        {withOutline < own.length ? ` (${own.length - withOutline} without a boundary yet)` : ''}
        {land ? `, and ${land} piece${land > 1 ? 's' : ''} of land no barangay covers (level no-barangay)` : ''}. Codes
        PSGC {provenance?.vintage}, boundaries of {provenance?.boundaryVintage}; the sources and licence go in each
        file.
      </p>
      <ul className="download-files" aria-label="Files">
        {[...texts, shapefile].map((file) =>
          file && 'blob' in file ? (
            <li key={file.name}>
              <button type="button" onClick={() => save(file)}>
                {file.label} <span className="tag">{sizeText(file.blob.size)}</span>
                <span className="visually-hidden"> ({file.name})</span>
              </button>
            </li>
          ) : (
            <li key="shapefile" className="panel-status">
              {file?.error ? `Shapefile: could not be written (${file.error})` : 'Shapefile (zipped): preparing…'}
            </li>
          ),
        )}
      </ul>
    </>
  );
}

/** The zipped Shapefile, written once its library has loaded (it is not part of the app's first download). */
function useShapefile(
  units: DownloadUnit[] | undefined,
  provenance: Provenance | undefined,
  base: string | undefined,
  title: string,
): Prepared | { error?: string } {
  const [file, setFile] = useState<Prepared | { error?: string }>({});
  useEffect(() => {
    if (!units || !provenance || !base) return;
    let live = true;
    setFile({});
    import('./downloads-shapefile.ts')
      .then(({ shapefileZip }) => shapefileZip(units, provenance, base, title))
      .then(
        (blob) => live && setFile({ name: `${base}.zip`, label: 'Shapefile (zipped, for QGIS)', blob }),
        (error: unknown) => live && setFile({ error: String(error) }),
      );
    return () => {
      live = false;
    };
  }, [units, provenance, base, title]);
  return file;
}
