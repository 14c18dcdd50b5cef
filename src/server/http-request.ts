/**
 * The HTTP server's side of a request that msw never sees: its URL, its body, and the answer to a request Node
 * could not parse. Every answer here is in the API's error shape.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../contract/error-body.ts';
import { SECURITY_HEADERS } from './edge-headers.ts';

/**
 * The request's URL on this server. The Host header names the origin (links in page meta use it) when it is a
 * bare host and port; otherwise the server's own address. An absolute-form target keeps only its path and
 * query, so it cannot point the answer's links elsewhere.
 */
export function requestUrl(req: http.IncomingMessage, port: number): URL | null {
  const origin = hostOrigin(req.headers.host) ?? `http://127.0.0.1:${port}`;
  try {
    // An origin-form target is a path even when it starts with `//` (RFC 9112 §3.2.1), which the URL parser
    // would read as a host.
    const raw = req.url ?? '/';
    const target = raw.startsWith('/') ? new URL(`${origin}${raw}`) : new URL(raw, origin);
    const url = new URL(origin);
    url.pathname = target.pathname;
    url.search = target.search;
    return url;
  } catch {
    return null;
  }
}

function hostOrigin(host: string | undefined): string | null {
  if (!host) return null;
  try {
    const url = new URL(`http://${host}`);
    const bare = url.pathname === '/' && !url.username && !url.password && !url.search && !url.hash;
    return bare ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The whole body, or why not: over `limit` (reading stops at the chunk that passes it, and nothing more is
 * kept), or the client broke off.
 */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too large' | 'unreadable'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', collect);
      resolve('too large');
    };
    req.on('data', collect);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve('unreadable'));
    req.on('aborted', () => resolve('unreadable'));
  });
}

export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return writeRaw(
      socket,
      431,
      'Request Header Fields Too Large',
      errorBody('too_large', 'The headers are over 16 KB'),
    );
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return writeRaw(socket, 408, 'Request Timeout', errorBody('timeout', 'The request took too long to arrive'));
  }
  writeRaw(socket, 400, 'Bad Request', errorBody('invalid_request', 'The request is not valid HTTP/1.1'));
}

/**
 * An answer written on the socket itself, to a request Node could not parse. No CORS: its Origin was never
 * read, so no origin is named.
 */
export function writeRaw(socket: Duplex, status: number, reason: string, body: unknown) {
  if (!socket.writable) return void socket.destroy();
  const json = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    ...SECURITY_HEADERS,
    'content-length': Buffer.byteLength(json),
  };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}connection: close\r\n\r\n${json}`);
  closeSoon(socket);
}

/**
 * Closes a connection whose request could not be parsed. Node stops reading it, so it would never see the
 * client's end and stay open; a second lets the client read the answer before the connection is dropped.
 */
export function closeSoon(socket: Duplex) {
  socket.end();
  setTimeout(() => socket.destroy(), 1000).unref();
}
