/** Reading a stream of bytes a chunk at a time: what readTableStream needs of a File's `.stream()`. */

export interface ChunkOptions {
  signal?: AbortSignal;
  /** Told the bytes read so far after each chunk. */
  onProgress?: (bytesRead: number) => void;
}

/**
 * The chunks of a stream. The stream is cancelled (and the file let go) when the reader stops early: an error, a
 * `return()` or an abort, which also ends a read in progress.
 */
export async function* streamChunks(
  stream: ReadableStream<Uint8Array>,
  { signal, onProgress }: ChunkOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  signal?.throwIfAborted();
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  let bytesRead = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) return;
      if (value.byteLength === 0) continue;
      bytesRead += value.byteLength;
      onProgress?.(bytesRead);
      yield value;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    // Nothing once the stream is done; otherwise it stops reading the file.
    await reader.cancel().catch(() => {});
  }
}

/** One array of the parts, in order. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

/**
 * The first chunks of a stream, until they hold `atLeast` bytes or the stream ends, as one array; the iterator
 * goes on after them.
 */
export async function readHead(
  chunks: AsyncIterator<Uint8Array>,
  atLeast: number,
): Promise<{ head: Uint8Array; ended: boolean }> {
  const parts: Uint8Array[] = [];
  let length = 0;
  while (length < atLeast) {
    const next = await chunks.next();
    if (next.done) return { head: concatBytes(parts), ended: true };
    parts.push(next.value);
    length += next.value.byteLength;
  }
  return { head: concatBytes(parts), ended: false };
}

/** Bytes in memory as a stream of views into them (nothing copied), a chunk of `chunkSize` at a time. */
export function streamOfBytes(bytes: Uint8Array, chunkSize = 1024 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(at, at + chunkSize));
      at += chunkSize;
    },
  });
}
