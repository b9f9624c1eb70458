import { z } from 'zod';
import { isIsoDate } from './dates';
import { messages } from './messages';

// Workload settings per portal (spec sections 3 and 5): defaults and bounds.

/** Bounds of the workload inputs (spec 5). */
export const workloadBounds = {
  averageProjectDuration: { min: 1, max: 365 },
  dailyCapacity: { min: 1, max: 20 },
  bufferDays: { min: 0, max: 30 },
  multiplier: { min: 0.5, max: 2, step: 0.1 },
} as const;

/** True when the value is a multiple of 0.1 (allowing binary noise). */
function isTenth(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

const multiplier = (fallback: number) =>
  z
    .number({ error: messages.workload.multiplierRange })
    .min(workloadBounds.multiplier.min, { error: messages.workload.multiplierRange })
    .max(workloadBounds.multiplier.max, { error: messages.workload.multiplierRange })
    .refine(isTenth, { error: messages.workload.multiplierRange })
    .transform((v) => Math.round(v * 10) / 10)
    .default(fallback);

/** Sorted, de-duplicated holiday list (spec 5: unique and sorted). */
export function normalizeHolidays(holidays: readonly string[]): string[] {
  return [...new Set(holidays.map((h) => h.trim()).filter((h) => h.length > 0))].sort();
}

/** Adds a holiday: ignored when empty or already present; the list stays sorted (spec 5). */
export function addHoliday(holidays: readonly string[], date: string): string[] {
  const d = date.trim();
  if (d.length === 0 || holidays.includes(d)) return [...holidays];
  return normalizeHolidays([...holidays, d]);
}

/** Removes a holiday. */
export function removeHoliday(holidays: readonly string[], date: string): string[] {
  return holidays.filter((h) => h !== date);
}

/** Workload settings with the spec's defaults and bounds; holidays come back unique and sorted. */
export const workloadSettingsSchema = z.object({
  averageProjectDuration: z
    .number({ error: messages.workload.durationRange })
    .int({ error: messages.workload.durationRange })
    .min(1, { error: messages.workload.durationRange })
    .max(365, { error: messages.workload.durationRange })
    .default(14),
  dailyCapacity: z
    .number({ error: messages.workload.capacityRange })
    .int({ error: messages.workload.capacityRange })
    .min(1, { error: messages.workload.capacityRange })
    .max(20, { error: messages.workload.capacityRange })
    .default(3),
  bufferDays: z
    .number({ error: messages.workload.bufferRange })
    .int({ error: messages.workload.bufferRange })
    .min(0, { error: messages.workload.bufferRange })
    .max(30, { error: messages.workload.bufferRange })
    .default(2),
  workingDays: z
    .array(z.number().int().min(0).max(6), { error: messages.workload.workingDaysRequired })
    .min(1, { error: messages.workload.workingDaysRequired })
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .default([1, 2, 3, 4, 5]),
  holidays: z
    .array(z.string().trim().refine(isIsoDate, { error: messages.workload.holidayInvalid }))
    .max(1000)
    .transform(normalizeHolidays)
    .default([]),
  priorityMultiplier: z
    .object({ high: multiplier(0.8), medium: multiplier(1), low: multiplier(1.2) })
    .default({ high: 0.8, medium: 1, low: 1.2 }),
  /** Stored but unused in any calculation (spec 3). */
  statusWeights: z
    .object({
      new: z.number().default(10),
      inProgress: z.number().default(5),
      review: z.number().default(2),
      completed: z.number().default(0),
      onHold: z.number().default(15),
    })
    .default({ new: 10, inProgress: 5, review: 2, completed: 0, onHold: 15 }),
});

export type WorkloadSettings = z.output<typeof workloadSettingsSchema>;
export type WorkloadSettingsInput = z.input<typeof workloadSettingsSchema>;

/** The spec's default workload settings. */
export const defaultWorkloadSettings: WorkloadSettings = workloadSettingsSchema.parse({});
