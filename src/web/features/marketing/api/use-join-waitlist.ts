import { useMutation } from '@tanstack/react-query';
import type { NotifyForm } from '@core/validation/notify';
import type { Ok } from '@core/api/common';
import { api } from '@web/lib/api-client';

/** POST /api/public/waitlist */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (body: NotifyForm) => api.post<Ok>('/api/public/waitlist', body),
  });
}
