/** HTTP/1.1 by hand over a socket, for requests no HTTP client would send (odd methods, hosts, targets). */
import net from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface RawResponse {
  /** null when the server closed the connection without answering. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as is and reads until the server closes the connection; rejects after `timeout` ms. With
 * `halfClose` the client also ends its side once sent, as a client that gives up on sending more would.
 */
export function rawRequest(port: number, request: Buffer, timeout: number, halfClose = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => (halfClose ? socket.end(request) : socket.write(request)));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of the answer after ${timeout} ms`));
    }, timeout);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is the server's right; the answer is judged
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseResponse(raw: Buffer): RawResponse {
  if (raw.length === 0) return { status: null, headers: {}, body: '' };
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`an answer with no end of headers: ${raw.toString('latin1').slice(0, 200)}`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? Number.NaN);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  if (headers['content-encoding'] === 'gzip') body = gunzipSync(body);
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('a chunked body cut short');
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) throw new Error('a chunk size that is not hexadecimal');
    if (size === 0) return Buffer.concat(out);
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
