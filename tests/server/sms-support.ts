import { createTestApp } from '../support/test-app';
import { startTwilioStandIn } from '../support/twilio-stand-in';
import { portalWithClients } from './portal-helpers';

/** An app that texts through Twilio's stand-in, with one portal of the CSV's clients (for the texting suites). */
export async function appTextingThroughStandIn(csv: string) {
  const twilio = await startTwilioStandIn();
  const t = await createTestApp(twilio.env());
  const portal = await portalWithClients(t.app, { csv, companyName: 'Owner & Co Tax' });
  const close = async () => {
    await t.close();
    await twilio.close();
  };
  return { twilio, t, portal, close };
}
