import type { LookupAnswer } from './api';
import { EmailUpdatesSwitch } from './email-updates-switch';
import { TextUpdatesSection } from './text-updates-section';
import { UpdateSection } from './update-section';

/**
 * What a client can do below their card: send an update or question, switch e-mail updates, agree to texts. Loaded
 * after the card itself (result-card.tsx), so the page's first JavaScript stays within its budget.
 */
export function CardActions({ portalId, answer, onVerifyForUpdate, verifying }: { portalId: string; answer: LookupAnswer; onVerifyForUpdate: () => void; verifying: boolean }) {
  return (
    <>
      {answer.updatesAllowed ? (
        <UpdateSection portalId={portalId} session={answer.verified ? (answer.session ?? null) : null} onVerify={onVerifyForUpdate} verifying={verifying} />
      ) : null}
      {answer.emailUpdates !== undefined && answer.session ? <EmailUpdatesSwitch portalId={portalId} session={answer.session} initial={answer.emailUpdates} /> : null}
      {answer.textUpdates && answer.session ? <TextUpdatesSection portalId={portalId} session={answer.session} initial={answer.textUpdates} /> : null}
    </>
  );
}
