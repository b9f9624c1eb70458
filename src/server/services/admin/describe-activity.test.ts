import { describe, expect, it } from 'vitest';
import { activityLabel, activityTypeLabels, describeActivity, keyAsWords } from './describe-activity';

const base = { detail: {}, actorEmail: 'olivia@statuslink.test', businessName: 'Harbor Tax Partners' };

describe('activity log lines', () => {
  it('names the owner, the business and what changed (as words) when an owner edits the profile', () => {
    expect(activityLabel('business.profile_updated')).toBe('Business profile edited');
    expect(
      describeActivity({
        type: 'business.profile_updated',
        detail: { changed: ['companyName', 'phone', 'timeZone'] },
        actorEmail: 'maya@example.com',
        businessName: 'Harbor Tax Partners',
      }),
    ).toBe('maya@example.com edited the profile of Harbor Tax Partners (company name, phone, time zone)');
  });

  it('reads impersonation both ways', () => {
    expect(describeActivity({ ...base, type: 'admin.impersonation_started' })).toBe('olivia@statuslink.test signed in as Harbor Tax Partners');
    expect(describeActivity({ ...base, type: 'admin.impersonation_stopped' })).toBe('olivia@statuslink.test stopped acting as Harbor Tax Partners');
  });

  it('reads suspension and reactivation as such', () => {
    expect(describeActivity({ ...base, type: 'admin.business_status_changed', detail: { from: 'trial', to: 'suspended' } })).toBe(
      'olivia@statuslink.test suspended Harbor Tax Partners (was trial)',
    );
    expect(describeActivity({ ...base, type: 'admin.business_status_changed', detail: { from: 'suspended', to: 'trial' } })).toBe(
      'olivia@statuslink.test reactivated Harbor Tax Partners (back to trial)',
    );
    expect(describeActivity({ ...base, type: 'admin.business_status_changed', detail: { from: 'trial', to: 'active' } })).toBe(
      'olivia@statuslink.test changed Harbor Tax Partners from trial to active',
    );
  });

  it('describes the business app events that reach Recent Activity', () => {
    const owner = { ...base, actorEmail: 'maya@example.com' };
    expect(describeActivity({ ...owner, type: 'client.queue_position_changed', detail: { portalId: 'p', clientId: 'c', position: 2 } })).toBe(
      'maya@example.com moved a client to position 2 in the queue of Harbor Tax Partners',
    );
    expect(describeActivity({ ...owner, type: 'client.queue_position_changed', detail: { position: null } })).toBe(
      "maya@example.com cleared a client's manual queue position of Harbor Tax Partners",
    );
    expect(describeActivity({ ...owner, type: 'portal.created', detail: { name: 'Main' } })).toBe('maya@example.com created the portal "Main" of Harbor Tax Partners');
  });

  it('never shows a raw key: an event nobody described yet reads as words', () => {
    expect(describeActivity({ ...base, type: 'something.new' })).toBe('Something new by olivia@statuslink.test (Harbor Tax Partners)');
    expect(keyAsWords('api_key.created')).toBe('API key created');
    expect(keyAsWords('notification.sms_sent')).toBe('Notification SMS sent');
    expect(activityLabel('domain.verified')).toBe('Domain verified');
    for (const [type, label] of Object.entries(activityTypeLabels)) expect(label, type).not.toMatch(/[._]/);
  });

  it('names the operator behind a change made while signed in as the business', () => {
    expect(
      describeActivity({
        type: 'business.profile_updated',
        detail: { changed: ['phone'], impersonatedBy: 'op-1' },
        actorEmail: 'maya@example.com',
        businessName: 'Harbor Tax Partners',
        operatorEmail: 'olivia@statuslink.test',
      }),
    ).toBe('maya@example.com edited the profile of Harbor Tax Partners (phone), done by olivia@statuslink.test signed in as the business');
  });
  it('names the API key behind a use or a change', () => {
    const base = { actorEmail: 'maya@example.com', businessName: 'Harbor Tax Partners' };
    expect(describeActivity({ ...base, type: 'api_key.used', detail: { apiKeyId: 'key_1', name: 'Zapier', day: '2026-12-01' } })).toBe(
      'The API key "Zapier" of Harbor Tax Partners was used on 2026-12-01',
    );
    expect(describeActivity({ ...base, type: 'api_key.write', detail: { name: 'Zapier', method: 'PATCH', route: '/api/v1/portals/:portalId', status: 200 } })).toBe(
      'The API key "Zapier" of Harbor Tax Partners called PATCH /api/v1/portals/:portalId (200)',
    );
    expect(describeActivity({ ...base, type: 'business.profile_updated', detail: { changed: ['phone'], apiKeyId: 'key_1', apiKeyName: 'Zapier' } })).toBe(
      'maya@example.com edited the profile of Harbor Tax Partners (phone), through the API key "Zapier"',
    );
  });
});
