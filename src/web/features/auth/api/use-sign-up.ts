import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupPlanId } from '@core/plans';
import { api } from '@web/lib/api-client';
import { refreshSession } from './session-cache';

export interface SignUpInput {
  email: string;
  password: string;
  /** The owner's name. */
  name: string;
  companyName: string;
  phone: string;
  plan: SignupPlanId;
  timeZone?: string;
  /** The terms checkbox (D6); the server refuses a sign-up without it. */
  acceptTerms: true;
}

/** POST /api/auth/sign-up/email; creates the user and the business profile and signs in. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<unknown>('/api/auth/sign-up/email', input),
    onSuccess: () => refreshSession(queryClient),
  });
}
