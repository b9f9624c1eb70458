import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface PlanRow {
  plan: string;
  name: string;
  price: number;
  businesses: number;
  paying: number;
  percentOfTotal: number;
  monthlyRevenue: number;
}

export interface ActivityItem {
  id: string;
  type: string;
  label: string;
  description: string;
  actorEmail: string | null;
  businessId: string | null;
  businessName: string | null;
  ipAddress: string | null;
  createdAt: string;
}

/** GET /api/admin/dashboard */
export interface AdminDashboard {
  totalBusinesses: number;
  activeBusinesses: number;
  activePercent: number;
  trialBusinesses: number;
  suspendedBusinesses: number;
  portals: { available: boolean; total: number; averagePerActiveBusiness: number | null };
  revenue: { monthly: number; perClient: number | null; payingBusinesses: number };
  plans: PlanRow[];
  metrics: {
    signupsThisMonth: number;
    signupsLastMonth: number;
    signupChangePercent: number | null;
    conversion: { rate: number; converted: number; eligible: number } | null;
    activeLast30Days: { count: number; percent: number } | null;
  };
  health: {
    uptimeSeconds: number;
    database: { ok: boolean; latencyMs: number | null; kind: string };
    medianResponseMs: number | null;
    requestsLastHour: number;
  };
  recentActivity: ActivityItem[];
}

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export function adminDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardQueryKey,
    queryFn: ({ signal }) => api.get<AdminDashboard>('/api/admin/dashboard', { signal }),
    refetchInterval: 60_000,
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
