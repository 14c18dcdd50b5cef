import { useSyncExternalStore } from 'react';

/** A boundary download under way: what it is and how many bytes have arrived (decompressed). */
export interface Download {
  id: number;
  label: string;
  received: number;
}

/**
 * The downloads in flight, for a progress display. Kept by the API layer (it alone sees the bytes arrive);
 * a download leaves the list when it completes, fails or is cancelled.
 */
let downloads: readonly Download[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: readonly Download[]) => {
  downloads = next;
  for (const listener of listeners) listener();
};

export function startDownload(label: string) {
  const id = nextId++;
  publish([...downloads, { id, label, received: 0 }]);
  return {
    progress: (received: number) => publish(downloads.map((d) => (d.id === id ? { ...d, received } : d))),
    end: () => publish(downloads.filter((d) => d.id !== id)),
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => downloads;

export const useDownloads = () => useSyncExternalStore(subscribe, snapshot);
