// Response shapes of the back office's figures (GET /api/admin/dashboard and /api/admin/analytics): one definition
// for the routes (validation and OpenAPI) and the web app (which imports only the types).
import { z } from 'zod';

export const planRowSchema = z.object({
  plan: z.string(),
  name: z.string(),
  price: z.number(),
  businesses: z.number().int(),
  paying: z.number().int(),
  percentOfTotal: z.number(),
  monthlyRevenue: z.number(),
});
const conversion = z.object({ rate: z.number(), converted: z.number().int(), eligible: z.number().int() }).nullable();
export const activityItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  label: z.string(),
  description: z.string(),
  actorEmail: z.string().nullable(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const periodSummarySchema = z.object({
  revenue: z.number(),
  mrr: z.number(),
  activeBusinesses: z.number().int(),
  churnRate: z.number().nullable().describe('null: no businesses at the start of the period'),
  churned: z.number().int(),
  signups: z.number().int(),
  activeUsers: z.number().int(),
  portals: z.number().int(),
  arpu: z.number().nullable(),
  conversionRate: z.number().nullable(),
});

export const adminDashboardSchema = z.object({
  totalBusinesses: z.number().int(),
  activeBusinesses: z.number().int(),
  activePercent: z.number(),
  trialBusinesses: z.number().int(),
  unpaidBusinesses: z.number().int().describe('Active businesses without a paid subscription (a plan the operator gave, an unpaid renewal)'),
  suspendedBusinesses: z.number().int(),
  portals: z.object({ available: z.boolean(), total: z.number().int(), averagePerActiveBusiness: z.number().nullable() }),
  revenue: z.object({ monthly: z.number(), perClient: z.number().nullable(), payingBusinesses: z.number().int() }),
  plans: z.array(planRowSchema),
  metrics: z.object({
    signupsThisMonth: z.number().int(),
    signupsLastMonth: z.number().int(),
    signupChangePercent: z.number().nullable(),
    conversion,
    activeLast30Days: z.object({ count: z.number().int(), percent: z.number() }).nullable(),
  }),
  health: z.object({
    uptimeSeconds: z.number(),
    database: z.object({ ok: z.boolean(), latencyMs: z.number().nullable(), kind: z.string() }),
    medianResponseMs: z.number().nullable(),
    requestsLastHour: z.number().int(),
  }),
  recentActivity: z.array(activityItemSchema),
});

export const adminAnalyticsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  current: periodSummarySchema,
  previous: periodSummarySchema,
  series: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      revenue: z.number(),
      mrr: z.number(),
      payingBusinesses: z.number().int(),
      totalBusinesses: z.number().int(),
      activeUsers: z.number().int(),
      churned: z.number().int(),
      churn: z.number(),
      portals: z.number().int(),
      fromSnapshot: z.boolean(),
    }),
  ),
  plans: z.array(planRowSchema),
  arpu: z.number().nullable(),
  conversion: z.object({
    signups: z.number().int(),
    converted: z.number().int(),
    inTrial: z.number().int(),
    rate: z.number().nullable(),
    overall: conversion,
  }),
  portalsAvailable: z.boolean(),
});

export type PlanRow = z.infer<typeof planRowSchema>;
export type ActivityItem = z.infer<typeof activityItemSchema>;
export type PeriodSummary = z.infer<typeof periodSummarySchema>;
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
export type DayFigures = AdminAnalytics['series'][number];
