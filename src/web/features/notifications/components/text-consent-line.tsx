import { useQuery } from '@tanstack/react-query';
import { notificationTexts } from '@core/notification-texts';
import { Button } from '@web/components/ui/button';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/date-time';
import { smsConsentQueryOptions, useSetSmsConsent, type SmsConsentView } from '../api/notifications';

/** How the client's consent came about, who recorded it and when, in words. */
function consentWords(view: SmsConsentView, timeZone: string | undefined): string {
  const when = view.since ? ` on ${formatDateTime(view.since, timeZone)}` : '';
  if (view.consent === 'given') {
    if (view.via === 'owner') return `Agreed to texts: recorded by ${view.recordedBy ?? 'a team member'}${when}`;
    if (view.via === 'code') return `Agreed to texts with a code sent to the phone${when}`;
    return `Agreed to texts by replying START${when}`;
  }
  if (view.consent === 'stopped') return `${view.problem ?? notificationTexts.sms.optedOut}${when}`;
  return `${notificationTexts.sms.noConsent}${view.since ? ` (withdrawn${when})` : ''}`;
}

/**
 * The client's texts on their page (issue 19 item 7): the number, whether they agreed (how, by whom, when), and the
 * owner's way to record or withdraw a consent the client gave them. Absent until a phone column is chosen; a client's
 * own "no" (STOP, or texts turned off on their card) offers no button.
 */
export function TextConsentLine({ portalId, clientId }: { portalId: string; clientId: string }) {
  const view = useQuery(smsConsentQueryOptions(portalId, clientId));
  const setConsent = useSetSmsConsent(portalId, clientId);
  const timeZone = useBusinessTimeZone();
  const data = view.data;
  if (!data || data.problem === notificationTexts.sms.noPhoneColumn) return null;
  const canRecord = data.phone !== null && data.consent === 'none';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2" data-testid="text-consent">
      <div>
        <p className="font-medium">Texts{data.phone ? ` to ${data.phone}` : ''}</p>
        <p className="text-xs text-muted-foreground">{data.phone ? consentWords(data, timeZone) : data.problem}</p>
        {setConsent.isError ? <p className="text-xs text-destructive">{errorMessage(setConsent.error)}</p> : null}
      </div>
      {canRecord || data.consent === 'given' ? (
        <Button size="sm" variant="outline" disabled={setConsent.isPending} onClick={() => setConsent.mutate(canRecord)}>
          {canRecord ? 'Record consent' : 'Withdraw consent'}
        </Button>
      ) : null}
    </div>
  );
}
