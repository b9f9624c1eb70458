import { useMutation } from '@tanstack/react-query';
import type { SignupPlanId } from '@core/plans';
import { api } from '@web/lib/api-client';

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

/**
 * POST /api/auth/sign-up/email: answers 'check your e-mail' whether or not the address has an account (decision
 * 0021); the account is created after the answer and the e-mailed link signs in. The answer never signs in.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<unknown>('/api/auth/sign-up/email', input),
  });
}
