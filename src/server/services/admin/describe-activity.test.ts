import { describe, expect, it } from 'vitest';
import { activityLabel, describeActivity } from './describe-activity';

describe('activity log lines', () => {
  it('names the owner, the business and what changed when an owner edits the profile', () => {
    expect(activityLabel('business.profile_updated')).toBe('Business profile edited');
    expect(
      describeActivity({
        type: 'business.profile_updated',
        detail: { changed: ['companyName', 'phone'] },
        actorEmail: 'maya@example.com',
        businessName: 'Harbor Tax Partners',
      }),
    ).toBe('maya@example.com edited the profile of Harbor Tax Partners (companyName, phone)');
  });

  it('reads impersonation both ways, and falls back to the label for unknown types', () => {
    const base = { detail: {}, actorEmail: 'olivia@statuslink.test', businessName: 'Harbor Tax Partners' };
    expect(describeActivity({ ...base, type: 'admin.impersonation_started' })).toBe('olivia@statuslink.test signed in as Harbor Tax Partners');
    expect(describeActivity({ ...base, type: 'admin.impersonation_stopped' })).toBe('olivia@statuslink.test stopped acting as Harbor Tax Partners');
    expect(describeActivity({ ...base, type: 'something.new' })).toBe('something.new by olivia@statuslink.test (Harbor Tax Partners)');
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
});
