import { useMutation } from '@tanstack/react-query';
import type { ContactForm } from '@core/validation/contact';
import type { Ok } from '@core/api/common';
import { api } from '@web/lib/api-client';

/** POST /api/public/contact */
export function useSubmitContact() {
  return useMutation({
    mutationFn: (body: ContactForm) => api.post<Ok>('/api/public/contact', body),
  });
}
