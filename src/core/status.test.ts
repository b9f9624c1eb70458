import { describe, expect, it } from 'vitest';
import {
  classifyStatus,
  completionRate,
  displayStatus,
  isActiveStatus,
  portalStatusBadge,
  statusBadge,
  statusDisplayGroup,
  statusTone,
  statusWeight,
  summarizeStatuses,
} from './status';

describe('classifyStatus', () => {
  it.each([
    ['Completed', 'completed'],
    ['COMPLETE', 'completed'],
    ['done', 'completed'],
    ['Finished', 'completed'],
    ['Work done, invoice sent', 'completed'],
    ['In Progress', 'in-progress'],
    ['working on it', 'in-progress'],
    ['Active', 'in-progress'],
    ['Pending', 'pending'],
    ['In queue', 'pending'],
    ['Waiting for documents', 'pending'],
    ['Cancelled', 'cancelled'],
    ['canceled', 'cancelled'],
    ['Cancel', 'cancelled'],
    ['Cancelled while in progress', 'cancelled'],
    ['Done (cancelled later)', 'completed'],
    ['Review', 'other'],
    ['On hold', 'other'],
    ['', 'other'],
    ['   ', 'other'],
    [null, 'other'],
    [undefined, 'other'],
    ['🚧', 'other'],
    ['inactive', 'in-progress'], // substring rule, as the spec says
  ] as const)('%j -> %s', (text, expected) => {
    expect(classifyStatus(text)).toBe(expected);
  });

  it.each([
    ['Done', false],
    ['Cancelled', false],
    ['Pending', true],
    ['Review', true],
    ['', true],
  ])('isActiveStatus(%j) = %s', (text, expected) => {
    expect(isActiveStatus(text)).toBe(expected);
  });
});

describe('statusWeight (D4)', () => {
  it.each([
    ['Urgent', 5],
    ['High priority review', 5],
    ['In progress', 3],
    ['Working', 3],
    ['Active', 3],
    ['Under review', 2],
    ['Pending', 0],
    ['', 0],
    [null, 0],
    ['Done', 0],
  ])('%j -> %i', (text, expected) => {
    expect(statusWeight(text)).toBe(expected);
  });
});

describe('badges', () => {
  it.each([
    ['Complete', 'green'],
    ['Done', 'green'],
    ['Finished', 'green'],
    ['In Progress', 'blue'],
    ['Active', 'blue'],
    ['Pending', 'yellow'],
    ['Queued', 'yellow'],
    ['In review', 'purple'],
    ['On hold', 'grey'],
    ['Cancelled', 'grey'],
    ['', 'grey'],
  ] as const)('tone of %j is %s', (text, tone) => {
    expect(statusTone(text)).toBe(tone);
  });

  it.each([
    ['Done', { label: 'Done', tone: 'green', icon: 'check' }],
    ['In Progress', { label: 'In Progress', tone: 'blue', icon: 'spinner' }],
    ['Pending', { label: 'Pending', tone: 'yellow', icon: null }],
    ['Review', { label: 'Review', tone: 'purple', icon: null }],
    ['  ', { label: 'Status Unknown', tone: 'grey', icon: null }],
    [null, { label: 'Status Unknown', tone: 'grey', icon: null }],
  ])('portal badge of %j', (text, badge) => {
    expect(portalStatusBadge(text)).toEqual(badge);
  });

  it('app badge shows Unknown for empty', () => {
    expect(statusBadge('')).toEqual({ label: 'Unknown', tone: 'grey', icon: null });
    expect(statusBadge(' Done ')).toEqual({ label: 'Done', tone: 'green', icon: null });
    expect(displayStatus(undefined)).toBe('Unknown');
  });

  it.each([
    ['Completed', 'complete'],
    ['In progress', 'progress'],
    ['Pending', 'update'],
    ['', 'update'],
  ] as const)('display group of %j is %s', (text, group) => {
    expect(statusDisplayGroup(text)).toBe(group);
  });
});

describe('summarizeStatuses', () => {
  it('counts classes and a breakdown by statusKey (case and spacing variants together)', () => {
    expect(summarizeStatuses(['Done', 'done ', 'In  progress', 'In Progress', 'Pending', 'Cancelled', 'Review', '', null])).toEqual({
      total: 9,
      completed: 2,
      inProgress: 2,
      pending: 1,
      cancelled: 1,
      other: 3,
      breakdown: { done: 2, 'in progress': 2, pending: 1, cancelled: 1, review: 1, unknown: 2 },
    });
  });

  it('handles no clients', () => {
    expect(summarizeStatuses([])).toMatchObject({ total: 0, breakdown: {} });
  });

  it.each([
    [0, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [5, 5, 100],
  ])('completionRate(%i, %i) = %i', (completed, total, expected) => {
    expect(completionRate(completed, total)).toBe(expected);
  });
});
