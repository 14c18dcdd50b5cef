import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { getResponse } from 'msw';
import type { RegionShape } from '../service/context.ts';
import { Service } from '../service/service.ts';
import type { RecordStore } from '../service/store.ts';
import { createHandlers } from './handlers/index.ts';
import { DATA_DIR, diskDataSource } from './node-data.ts';

export interface HttpServerOptions {
  port: number;
  host?: string;
  keys: string[];
  store: RecordStore;
  regionShape?: RegionShape;
  dataDir?: string;
}

const MAX_BODY = 1024 * 1024;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-max-age': '600',
};

/** The /v1 service over real HTTP: the same msw handlers, answered through msw's getResponse. */
export async function startHttpServer(options: HttpServerOptions) {
  const service = await Service.create({
    source: diskDataSource(options.dataDir ?? DATA_DIR),
    store: options.store,
    keys: options.keys,
    regionShape: options.regionShape,
  });
  const handlers = createHandlers(async () => service);

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...CORS, ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    try {
      if (req.method === 'OPTIONS') return send(204, undefined);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY) {
          return send(413, { data: null, error: { code: 'too_large', message: 'The body is over 1 MB' } });
        }
        chunks.push(chunk as Buffer);
      }
      const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      });
      const response = await getResponse(handlers, request);
      if (!response) {
        return send(404, { data: null, error: { code: 'not_found', message: `No endpoint ${req.method} ${req.url}` } });
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        headers[key] = value;
      });
      let body = Buffer.from(await response.arrayBuffer());
      // GeoJSON compresses about fourfold; send it gzipped to clients that accept it.
      if (body.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        body = gzipSync(body, { level: 6 });
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      headers['content-length'] = String(body.length);
      res.writeHead(response.status, { ...headers, ...CORS });
      res.end(body);
    } catch (error) {
      console.error('[kapuluan api]', error);
      if (!res.headersSent) send(500, { data: null, error: { code: 'internal', message: 'The service failed' } });
      else res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
