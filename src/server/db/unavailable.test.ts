import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), true],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET'), true],
    ['the server shutting down', withCode('terminating connection due to administrator command', '57P01'), true],
    ['the server starting', withCode('the database system is starting up', '57P03'), true],
    ['too many connections', withCode('sorry, too many clients already', '53300'), true],
    ['a connection failure', withCode('connection failure', '08006'), true],
    ['a dropped connection', new Error('Connection terminated unexpectedly'), true],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect'), true],
    ['wrapped by the query builder', new Error('Failed query: select 1', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }), true],
    ['several addresses refused', new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')]), true],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505'), false],
    ['a syntax error', withCode('syntax error at or near', '42601'), false],
    ['wrapping a refused query', new Error('Failed query', { cause: withCode('invalid input syntax', '22P02') }), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s: %s', (_name, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});
