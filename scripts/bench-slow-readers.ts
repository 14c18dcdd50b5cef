/**
 * node --import tsx scripts/bench-slow-readers.ts — the memory a server holds for clients that stop reading.
 * `npm run api` runs in its own process with its default limits (IDLE_TIMEOUT_MS 30 s, UNREAD_BYTES_MAX
 * 128 MB; any set in the environment wins). SLOW_CLIENTS (default 57) clients each ask, 300 ms apart, for a
 * detailed GeoJSON answer of 12 to 14 MB, uncompressed and each a new one (an Accept of its own keys the cache
 * apart), then never read it. Prints the server's resident memory every 5 s until 70 s after the last request,
 * and its peak. Asserts nothing.
 */
import fs from 'node:fs';
import net from 'node:net';
import { startApiProcess } from './api-process.ts';

const KEY = 'slow-readers-bench';
const CLIENTS = Number(process.env.SLOW_CLIENTS ?? 57);
const server = await startApiProcess(KEY);
const { port } = new URL(server.base);
const rssMb = () => {
  const line = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await server.geocoderReady;
const before = rssMb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 100);
const sockets: net.Socket[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(
    `GET /v1/regions?geometry=detailed&limit=${20 - (i % 4)} HTTP/1.1\r\nHost: x\r\n` +
      `Accept: application/json;q=0.${String(i).padStart(3, '0')}\r\nAuthorization: Bearer ${KEY}\r\n\r\n`,
  );
  sockets.push(socket);
  await sleep(300);
}
const sent = performance.now();
console.log(`${CLIENTS} clients that never read, one every 300 ms; server rss before: ${before} MB`);
const timeline: string[] = [];
for (let s = 0; s <= 70; s += 5) {
  await sleep(sent + s * 1000 - performance.now());
  timeline.push(`+${s} s: ${rssMb()} MB`);
}
clearInterval(sampler);
console.log(`server rss after the last request: ${timeline.join(', ')}`);
console.log(`server rss at most: ${peak} MB (${peak - before} MB over the start)`);
for (const socket of sockets) socket.destroy();
await server.close();
