/** The part of autocannon 9 that scripts/bench-load.ts uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send; returns the request to send. `context` is the connection's own. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests a second per connection. */
    connectionRate?: number;
    /** Requests a second from all connections together. */
    overallRate?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    /** Each connection's client: its 'response' event gives (status, bytes, ms). */
    setupClient?: (client: EventEmitter) => void;
  }

  export interface Result {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
