// Answer shapes of the estimates (issue 20, D11): a client's estimate as the client list, the client's page and the
// portal's card carry it, and the accuracy figures of Analytics.
import { z } from 'zod';

/** A queued client's estimate (issue 20, D11): most likely date, the range around it, its basis, and why it moved later. */
export const clientEstimateSchema = z
  .object({
    likely: z.string().describe('YYYY-MM-DD: the most likely date (50th percentile); estimatedCompletion carries the same'),
    low: z.string().describe('YYYY-MM-DD: the range starts here (10th percentile)'),
    high: z.string().describe('YYYY-MM-DD: the range ends here (90th percentile)'),
    basis: z.enum(['history', 'settings']).describe("history: learned from the portal's own completions; settings: the workload settings' formula (fewer than 20 completions in the window)"),
    updatedAt: z.iso.datetime().describe("When the portal's estimates were last computed"),
    reason: z.string().optional().describe('Present when the most likely date moved later by more than a working day since the client last saw it: one sentence why'),
  })
  .describe('Present for queued clients once estimates were computed');

/** GET /api/v1/portals/{portalId}/estimates/accuracy: how the estimates shown fared, for clients completed in the period. */
export const estimateAccuracySchema = z.object({
  days: z.number().int().describe('The period: clients completed in the last `days` days'),
  source: z.enum(['shown', 'back-test']).describe("shown: what clients were shown (the daily snapshots); back-test: computed from the portal's history, for a portal new to ranges"),
  completed: z.number().int().describe('Clients completed in the period'),
  leads: z.array(
    z.object({
      leadDays: z.number().int().describe('Days before completion the estimate was shown (30, 14, 7)'),
      clients: z.number().int().describe('Completed clients that had an estimate then'),
      inRange: z.number().nullable().describe('Share (0 to 1) done inside the range; the target is the stated level, 0.8'),
      late: z.number().nullable().describe('Share done after the range'),
      early: z.number().nullable().describe('Share done before the range'),
      medianErrorDays: z.number().nullable().describe('Median of |most likely date - completion| in working days'),
    }),
  ),
});

export type ClientEstimateView = z.infer<typeof clientEstimateSchema>;
export type EstimateAccuracy = z.infer<typeof estimateAccuracySchema>;
