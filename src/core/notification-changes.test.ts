import { describe, expect, it } from 'vitest';
import { changesFromEvents, composeUpdate, mergeChanges, type ChangeEvent, type MessageChanges } from './notification-changes';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type UpdateTrigger } from './notification-settings';
import { createWorkingCalendar } from './working-days';

const calendar = createWorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: ['2026-03-10'] });
const settings = (patch: Partial<NotificationSettings['triggers']> = {}) => ({ ...DEFAULT_NOTIFICATION_SETTINGS, triggers: { ...DEFAULT_NOTIFICATION_SETTINGS.triggers, ...patch } });
const compose = (changes: MessageChanges, s = settings(), sentToday: UpdateTrigger[] = []) => composeUpdate({ changes, settings: s, calendar, sentToday: new Set(sentToday) });

describe('changes from events', () => {
  it('a client added in the batch gets nothing (a first import sends nothing)', () => {
    const events: ChangeEvent[] = [
      { type: 'client.added', clientId: 'a', data: { status: 'Pending', statusClass: 'pending' } },
      { type: 'client.queue_moved', clientId: 'a', data: { from: null, to: 1 } },
      { type: 'client.status_changed', clientId: 'b', data: { from: 'Pending', to: 'In Progress', fromClass: 'pending', toClass: 'in-progress' } },
    ];
    expect([...changesFromEvents(events)]).toEqual([['b', { status: { from: 'Pending', to: 'In Progress' } }]]);
  });

  it('keeps the first from and the last to; completion without a status event still counts', () => {
    const events: ChangeEvent[] = [
      { type: 'client.queue_moved', clientId: 'a', data: { from: 9, to: 5 } },
      { type: 'client.queue_moved', clientId: 'a', data: { from: 5, to: 2 } },
      { type: 'client.completed', clientId: 'c', data: { status: 'Done' } },
      { type: 'client.removed', clientId: 'd', data: {} },
      { type: 'client.restored', clientId: 'd', data: {} },
    ];
    expect(Object.fromEntries(changesFromEvents(events))).toEqual({
      a: { queue: { from: 9, to: 2 } },
      c: { status: { from: '', to: 'Done' } },
      d: { removed: false },
    });
  });

  it('a completion beside its status change is read once, from the status change', () => {
    const events: ChangeEvent[] = [
      { type: 'client.status_changed', clientId: 'a', data: { from: 'Review', to: 'Completed', fromClass: 'other', toClass: 'completed' } },
      { type: 'client.completed', clientId: 'a', data: { status: 'Completed' } },
    ];
    expect(changesFromEvents(events).get('a')).toEqual({ status: { from: 'Review', to: 'Completed' } });
  });

  it('merges across batches of one window', () => {
    expect(mergeChanges({ status: { from: 'A', to: 'B' } }, { status: { from: 'B', to: 'A' }, estimate: { from: null, to: '2026-03-20' } })).toEqual({
      status: { from: 'A', to: 'A' },
      estimate: { from: null, to: '2026-03-20' },
    });
  });
});

describe('compose an update', () => {
  it.each<[string, MessageChanges, UpdateTrigger[]]>([
    ['a status change', { status: { from: 'Pending', to: 'In Review' } }, ['status']],
    ['a status that flipped back', { status: { from: 'Pending', to: ' pending ' } }, []],
    ['completed', { status: { from: 'In Progress', to: 'Completed' } }, ['completed']],
    ['moved into the top 3', { queue: { from: 5, to: 3 } }, ['queue']],
    ['moved within the top 3 but not first', { queue: { from: 3, to: 2 } }, []],
    ["you're next", { queue: { from: 2, to: 1 } }, ['queue']],
    ['moved back', { queue: { from: 2, to: 4 } }, []],
    ['entered the queue', { queue: { from: null, to: 1 } }, []],
    ['estimate 3 working days later', { estimate: { from: '2026-03-02', to: '2026-03-05' } }, ['estimate']],
    // Mon 9th to Thu 12th with the 10th a holiday: 2 working days, not more than 2.
    ['estimate later over a holiday', { estimate: { from: '2026-03-09', to: '2026-03-12' } }, []],
    ['estimate earlier', { estimate: { from: '2026-03-20', to: '2026-03-02' } }, []],
    ['removed (off by default)', { removed: true, status: { from: 'A', to: 'B' } }, []],
    ['completed: no queue news beside it', { status: { from: 'A', to: 'Done' }, queue: { from: 4, to: null } }, ['completed']],
  ])('%s', (_label, changes, triggers) => {
    expect(compose(changes).map((i) => i.trigger)).toEqual(triggers);
  });

  it('switches: status off, completed on', () => {
    const s = settings({ status: false });
    expect(compose({ status: { from: 'A', to: 'In Review' } }, s)).toEqual([]);
    expect(compose({ status: { from: 'A', to: 'Finished' } }, s).map((i) => i.trigger)).toEqual(['completed']);
  });

  it('removed, when turned on, is all the client hears', () => {
    expect(compose({ removed: true, queue: { from: 5, to: 1 } }, settings({ removed: true }))).toEqual([{ trigger: 'removed' }]);
  });

  it('queue and estimate news once a day, unless the status changed again', () => {
    expect(compose({ queue: { from: 5, to: 1 } }, settings(), ['queue'])).toEqual([]);
    expect(compose({ queue: { from: 5, to: 1 }, status: { from: 'A', to: 'In Progress' } }, settings(), ['queue', 'status']).map((i) => i.trigger)).toEqual(['status', 'queue']);
  });

  it('the position N is the business\'s', () => {
    const s = settings({ queue: { enabled: true, position: 10 } });
    expect(compose({ queue: { from: 12, to: 8 } }, s)).toEqual([{ trigger: 'queue', position: 8 }]);
  });

  it('carries the status line: the business\'s own, else its class\'s default', () => {
    const s = { ...settings(), statusLines: { 'in review': 'We check every page.' } };
    expect(compose({ status: { from: 'A', to: 'In Review' } }, s)).toEqual([{ trigger: 'status', status: 'In Review', line: 'We check every page.' }]);
    expect(compose({ status: { from: 'A', to: 'On Hold' } }, s)).toEqual([{ trigger: 'status', status: 'On Hold', line: 'Your project is on hold for now. We will be in touch about what happens next.' }]);
  });
});
