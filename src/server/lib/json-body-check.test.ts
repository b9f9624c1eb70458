import { describe, expect, it } from 'vitest';
import { jsonBodyProblem, MAX_JSON_DEPTH } from './json-body-check';

describe('JSON bodies no route can take', () => {
  it.each([
    ['{"a":1}', null],
    ['{"name":"Zoë 🎉 \\ud83c\\udf89","n":-1.5e3,"list":[1,2,{"x":null}]}', null],
    ['"\\\\u0000"', null], // an escaped backslash, then the letters
    ['"\\\\ud800"', null],
    ['{"s":"a]]]]}}}}"}', null],
    ['{"a":"\\u0000"}', 'nul'],
    ['{"a":"x\u0000"}', 'nul'],
    ['{"name":"\\ud800"}', 'surrogate'],
    ['{"name":"\\uD800x"}', 'surrogate'],
    ['{"name":"\\udc00"}', 'surrogate'],
    ['{"name":"\\ud800\\u0041"}', 'surrogate'],
    ['{"name":1e999999}', 'number'],
    ['[-1e400]', 'number'],
    ['{"n":1e308}', null],
  ])('%s: %s', (text, problem) => {
    expect(jsonBodyProblem(text)).toBe(problem);
  });

  it('refuses nesting deeper than the limit, counted outside strings only', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH + 1))).toBe('depth');
    expect(jsonBodyProblem(`{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`)).toBe('depth');
    expect(jsonBodyProblem(JSON.stringify({ s: '['.repeat(1000) }))).toBeNull();
  });
});
