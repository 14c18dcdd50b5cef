/**
 * An export saved without holding it in the page (a million rows make files of hundreds of MB). The
 * writer streams into a file in the origin-private file system (OPFS), which lives on disk, and the download is
 * that file's own File: nothing of it is copied into the page's memory. Where OPFS or createWritable is missing
 * (older Safari, Firefox before 111, private windows that refuse storage), the parts become a Blob, which the
 * browser may keep on disk too.
 *
 * The browser goes on reading the file after the link's click, so it is kept until the next export (then
 * deleted, unless it was written in the last minute and may still be being downloaded) or until the job is
 * cleared (deleteExportFiles).
 */
import type { ByteSink } from '../../matching/export-stream.ts';

/** The OPFS folder holding this app's export files, apart from anything else the origin keeps there. */
const FOLDER = 'kapuluan-exports';
/** How long a written export may still be read by its download, and is kept at the next export. */
const IN_FLIGHT_MS = 60_000;
/** How long the download's object URL lives: the browser has taken the file by then. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Runs `write` into a file named `name` (an export's file name; exportFileName's are safe on every file system)
 * and downloads it as `type`. Rejects with write's error, leaving no file behind.
 */
export async function saveStreamed(
  name: string,
  type: string,
  write: (sink: ByteSink) => Promise<void>,
): Promise<void> {
  const folder = await exportFolder();
  if (folder) {
    await deleteOld(folder, Date.now() - IN_FLIGHT_MS);
    // A fresh name each time: an earlier export of the same name may still be downloading.
    const fileName = `${Date.now()}-${name}`;
    const handle = await folder.getFileHandle(fileName, { create: true });
    if (typeof handle.createWritable === 'function') {
      const writable = await handle.createWritable();
      try {
        await write(writableSink(writable));
      } catch (error) {
        await writable.abort().catch(() => {});
        await folder.removeEntry(fileName).catch(() => {});
        throw error;
      }
      const file = await handle.getFile();
      download(name, file.slice(0, file.size, type));
      return;
    }
    await folder.removeEntry(fileName).catch(() => {});
  }
  const parts: BlobPart[] = [];
  await write({
    write: async (part) => {
      parts.push(part as BlobPart);
    },
    close: async () => {},
  });
  download(name, new Blob(parts, { type }));
}

/** Deletes every export file this app left in OPFS: when a job is cleared, its exports go with it. */
export async function deleteExportFiles(): Promise<void> {
  const root = await opfsRoot();
  await root?.removeEntry(FOLDER, { recursive: true }).catch((error: DOMException) => {
    if (error.name !== 'NotFoundError') throw error;
  });
}

/** A writable OPFS file as a sink: each write settles when the browser has taken the part. */
function writableSink(writable: FileSystemWritableFileStream): ByteSink {
  return {
    write: (part) => writable.write(part as string | Uint8Array<ArrayBuffer>),
    close: () => writable.close(),
  };
}

async function opfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  try {
    return (await navigator.storage?.getDirectory?.()) ?? null;
  } catch {
    // Firefox's private windows and some embedded views refuse (SecurityError): save through a Blob instead.
    return null;
  }
}

async function exportFolder(): Promise<FileSystemDirectoryHandle | null> {
  const root = await opfsRoot();
  return root ? root.getDirectoryHandle(FOLDER, { create: true }).catch(() => null) : null;
}

/** Removes the export files written before `before` (ms since the epoch). */
async function deleteOld(folder: FileSystemDirectoryHandle, before: number): Promise<void> {
  const old: string[] = [];
  // entries() is in every browser with OPFS, but not yet in TypeScript's DOM types.
  const entries = (folder as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries();
  for await (const [name, entry] of entries) {
    if (entry.kind !== 'file') continue;
    const written = Number(name.split('-', 1)[0]);
    if (!(written >= before)) old.push(name);
  }
  for (const name of old) await folder.removeEntry(name).catch(() => {});
}

/** A click on a link to the file, which the browser saves under `name`. */
function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
