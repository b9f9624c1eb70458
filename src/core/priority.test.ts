import { describe, expect, it } from 'vitest';
import { classifyPriority, priorityClassOf, priorityLabel, priorityNumber, projectDays } from './priority';

describe('priorityNumber (D4)', () => {
  it.each([
    ['1', 1],
    [' 2 ', 2],
    ['0', 0],
    ['3.5', 3.5],
    ['-1', -1],
    ['10', 10],
    [7, 7],
    ['urgent', 0],
    ['URGENT', 0],
    ['High', 1],
    ['High Priority', 1],
    ['priority: low', 6],
    ['Medium', 3],
    ['normal', 3],
    ['Low', 6],
    ['', 999],
    ['   ', 999],
    [null, 999],
    [undefined, 999],
    [Number.NaN, 999],
    ['Not urgent', 999],
    ['P1', 999],
    ['critical', 999],
    ['1st', 999],
  ])('%j -> %s', (value, expected) => {
    expect(priorityNumber(value)).toBe(expected);
  });
});

describe('priority classes', () => {
  it.each([
    [-5, 'high'],
    [0, 'high'],
    [2, 'high'],
    [2.5, 'medium'],
    [5, 'medium'],
    [5.1, 'low'],
    [6, 'low'],
    [999, 'low'],
  ] as const)('priorityClassOf(%s) = %s', (n, cls) => {
    expect(priorityClassOf(n)).toBe(cls);
  });

  it.each([
    ['urgent', 'high'],
    ['high', 'high'],
    ['medium', 'medium'],
    ['normal', 'medium'],
    ['low', 'low'],
    ['whenever', 'low'],
    ['', 'low'],
    ['4', 'medium'],
  ] as const)('classifyPriority(%j) = %s', (value, cls) => {
    expect(classifyPriority(value)).toBe(cls);
  });

  it('labels', () => {
    expect([priorityLabel('high'), priorityLabel('medium'), priorityLabel('low')]).toEqual(['High', 'Medium', 'Low']);
  });
});

describe('projectDays', () => {
  it.each([
    [14, 0.8, 11],
    [14, 1, 14],
    [14, 1.2, 17],
    [5, 0.7, 4], // 3.5 rounds up; plain 5 * 0.7 is 3.4999999999999996
    [1, 0.5, 1],
    [365, 2, 730],
    [15, 0.3, 5], // 4.5
  ])('round(%i x %s) = %i', (d, m, expected) => {
    expect(projectDays(d, m)).toBe(expected);
  });
});
