import { describe, expect, test } from 'vitest';
import { StoreUnavailable } from '../../service/store.ts';
import { asUnavailable, isConnectionLost, isOutOfRoom } from './connection-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('which failures mean the database cannot be reached', () => {
  test.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset', withCode('ECONNRESET')],
    ['a timeout', withCode('ETIMEDOUT')],
    ['a fast shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['starting up or shutting down (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['too many connections', withCode('53300')],
    ["pg's socket ending", new Error('Connection terminated unexpectedly')],
    ["pg's connection timeout", new Error('Connection terminated due to connection timeout')],
    ["pg-pool's connection timeout", new Error('timeout exceeded when trying to connect')],
    ['a client broken before', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('%s is', (_, error) => {
    expect(isConnectionLost(error)).toBe(true);
    expect(asUnavailable(error)).toBeInstanceOf(StoreUnavailable);
  });

  test.each([
    ['a full disk (53100)', withCode('53100', 'could not extend file "base/5/16514": No space left on device')],
    ['out of memory (53200)', withCode('53200')],
    ["Node's full disk", withCode('ENOSPC', 'ENOSPC: no space left on device, write')],
  ])('%s is no lost connection, but cannot store now either', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
    expect(isOutOfRoom(error)).toBe(true);
    expect(asUnavailable(error)).toBeInstanceOf(StoreUnavailable);
  });

  test.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a deadlock', withCode('40P01')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'rows')")],
    ['not an error', 'Connection terminated'],
  ])('%s is not, and is thrown as it came', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
    expect(asUnavailable(error)).toBe(error);
  });
});
