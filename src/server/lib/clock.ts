import { todayInTimeZone, type IsoDate } from '@core/dates';

/**
 * The app's one source of time. Services, jobs and routes ask `ctx.clock` instead of `Date.now()` / `new Date()`,
 * so tests move time forward (`manualClock().advance`) instead of sleeping.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
  /** The current instant in milliseconds since the epoch. */
  nowMs(): number;
  /** Today's date ('YYYY-MM-DD') in an IANA time zone. */
  today(timeZone: string): IsoDate;
  /** Waits `ms` milliseconds of this clock's time (a manual clock moves itself forward instead of waiting). */
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
  today: (timeZone) => todayInTimeZone(timeZone, Date.now()),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that stands still until told to move: tests advance it instead of sleeping. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the current instant. */
  set(instant: Date | number | string): void;
}

export function manualClock(start: Date | number | string = Date.now()): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    nowMs: () => current,
    today: (timeZone) => todayInTimeZone(timeZone, current),
    // Time moves by the wait at once; yielding a turn lets other work (a test's holder) run in between.
    sleep(ms) {
      current += ms;
      return new Promise((resolve) => setImmediate(resolve));
    },
    advance(ms) {
      current += ms;
    },
    set(instant) {
      current = new Date(instant).getTime();
    },
  };
}
