/**
 * One line per request, as JSON (JSON Lines), for a log shipper (Vector, Fluent Bit, Promtail, the journal) to read
 * from the server's standard output or from a file: when it was answered, the client's address, the key's id
 * (never the key), the method, the path (never the query, which can hold an address someone searched for), the
 * status, the bytes sent and how long it took.
 *
 * Lines are written in batches, off the request's path: a log reader that stalls (a full pipe, a slow disk) never
 * holds an answer. Past LOG_BUFFER_MAX bytes waiting, lines are dropped and counted, and the count is written as a
 * line of its own once writing goes on; a write that fails (a full disk) drops its batch the same way.
 */
import fs from 'node:fs';
import type http from 'node:http';

export interface AccessEntry {
  /** When the answer ended (ISO 8601, UTC). */
  time: string;
  client: string | null;
  /** The key's id (src/service/keys.ts, Principal.id); null when no key was accepted. */
  key: string | null;
  method: string;
  path: string;
  status: number;
  /** Bytes of the answer's body sent. */
  bytes: number;
  /** From the request's head to the answer's end, in milliseconds. */
  ms: number;
  /** The client went away before the answer was sent in full. */
  aborted?: true;
}

/** Bytes of lines waiting to be written, at most: about 40,000 lines. */
export const LOG_BUFFER_MAX = 8 * 1024 * 1024;
/** How long a line waits for others to go with it. */
const FLUSH_MS = 100;
/** A path longer than this is cut: it is someone's junk, and the line stays one line. */
const PATH_MAX = 300;

export class AccessLog {
  private lines: string[] = [];
  private size = 0;
  private dropped = 0;
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  private fd: number;
  private closed = false;
  private warned = false;
  /** The last write failed. */
  private failed = false;
  private idle: (() => void)[] = [];

  /** `stdout`, or a file, appended to. */
  constructor(readonly target: string) {
    this.fd = target === 'stdout' ? 1 : fs.openSync(target, 'a');
  }

  record(entry: AccessEntry) {
    if (this.closed) return;
    const line = `${JSON.stringify({ ...entry, path: entry.path.slice(0, PATH_MAX) })}\n`;
    if (this.size + line.length > LOG_BUFFER_MAX) {
      this.dropped++;
      return;
    }
    this.lines.push(line);
    this.size += line.length;
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
  }

  /** The file opened anew (after a rotation moved it away: SIGHUP in main.ts). */
  reopen() {
    if (this.fd === 1) return;
    const old = this.fd;
    this.fd = fs.openSync(this.target, 'a');
    if (!this.writing) fs.close(old, () => undefined);
    else this.idle.push(() => fs.close(old, () => undefined));
  }

  /** Writes what waits, then stops taking lines. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    // Until all is written, or a write fails: what is left then cannot be written either.
    while (this.writing || ((this.lines.length || this.dropped) && !this.failed)) {
      const written = new Promise<void>((resolve) => this.idle.push(resolve));
      if (!this.writing) this.flush();
      await written;
    }
    if (this.fd !== 1) fs.closeSync(this.fd);
  }

  private flush() {
    this.timer = undefined;
    if (this.writing) return;
    if (this.dropped) {
      this.lines.push(`${JSON.stringify({ time: new Date().toISOString(), dropped: this.dropped })}\n`);
      this.dropped = 0;
    }
    if (!this.lines.length) return this.settle();
    const batch = Buffer.from(this.lines.join(''));
    const count = this.lines.length;
    this.lines = [];
    this.size = 0;
    this.writing = true;
    writeAll(this.fd, batch, (error, rest) => {
      this.writing = false;
      if (error?.code === 'EAGAIN' && !this.closed) {
        // A pipe set not to block, full: what was not written goes first next time.
        this.lines.unshift(rest.toString());
        this.size += rest.length;
      } else if (error) {
        this.dropped += count;
        this.failed = true;
        if (!this.warned) console.error(`[kapuluan api] the access log could not be written: ${error.message}`);
        this.warned = true;
      } else {
        this.failed = this.warned = false;
      }
      if (this.lines.length || this.dropped) this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
      this.settle();
    });
  }

  private settle() {
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

/** The whole buffer written, however many writes it takes (a pipe takes a part at a time), or what was not. */
function writeAll(fd: number, buffer: Buffer, done: (error: NodeJS.ErrnoException | null, rest: Buffer) => void) {
  fs.write(fd, buffer, 0, buffer.length, null, (error, written) => {
    if (error) return done(error, buffer);
    if (written < buffer.length) return writeAll(fd, buffer.subarray(written), done);
    done(null, buffer.subarray(buffer.length));
  });
}

/** What the line of a request being answered will say, filled in by the server as it learns it. */
export interface Logged {
  /** The id of the key accepted. */
  key: string | null;
  /** The path in its one spelling once known; until then as sent. */
  path: string;
  /** The answer's body, in bytes. */
  bytes: number;
}

/** A request's line, written to `log` (if any) when its answer ends, or its client goes away. */
export function watchRequest(
  log: AccessLog | null | undefined,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Logged {
  const logged: Logged = { key: null, path: (req.url ?? '').split('?')[0], bytes: 0 };
  if (!log) return logged;
  const started = performance.now();
  res.once('close', () =>
    log.record({
      time: new Date().toISOString(),
      client: req.socket.remoteAddress ?? null,
      key: logged.key,
      method: req.method ?? '',
      path: logged.path,
      status: res.statusCode,
      bytes: logged.bytes,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(!res.writableFinished && { aborted: true as const }),
    }),
  );
  return logged;
}

/** ACCESS_LOG: `stdout` (the default), `off`, or a file to append to. */
export function accessLogAtStart(env: NodeJS.ProcessEnv): AccessLog | null {
  const target = env.ACCESS_LOG?.trim() || 'stdout';
  return target === 'off' ? null : new AccessLog(target);
}
