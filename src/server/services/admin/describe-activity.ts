// Human-readable lines for the activity log.

export const activityTypeLabels: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_up': 'Signed up',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'auth.two_factor_challenge': 'Two-factor code asked',
  'auth.two_factor_enabled': 'Two-factor sign-in set up',
  'admin.role_granted': 'Operator role granted',
  'admin.business_created': 'Business added',
  'admin.business_updated': 'Business edited',
  'admin.business_status_changed': 'Business status changed',
  'admin.business_deleted': 'Business deleted',
  'admin.password_link_sent': 'Password link sent',
  'admin.impersonation_started': 'Impersonation started',
  'admin.impersonation_stopped': 'Impersonation ended',
  'admin.impersonated_action': 'Change made as the business',
  'admin.settings_changed': 'Settings changed',
  'admin.email_template_saved': 'E-mail template saved',
  'admin.email_template_reset': 'E-mail template reset',
  'admin.email_template_test_sent': 'Test e-mail sent',
  'admin.inbox_status_changed': 'Inbox item updated',
  'inbox.contact_message': 'Contact message received',
  'inbox.waitlist_joined': 'Waitlist sign-up',
  'email.trial_ending_sent': 'Trial ending e-mail sent',
  'email.trial_ended_sent': 'Trial ended e-mail sent',
  'email.monthly_report_sent': 'Monthly report sent',
  'business.profile_updated': 'Business profile edited',
};

/** What a request made during "Login as this business" did, for the paths worth a word of their own. */
const impersonatedActions: Record<string, string> = {
  '/api/auth/update-user': "Changed the owner's name or picture",
  '/api/auth/revoke-sessions': "Ended the owner's sessions",
  '/api/auth/revoke-other-sessions': "Ended the owner's other sessions",
  '/api/auth/revoke-session': 'Ended a session of the owner',
  '/api/auth/sign-out': 'Signed out',
};
const impersonatedActionText = (path: string) => impersonatedActions[path] ?? 'Made a change';

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export function activityLabel(type: string): string {
  return activityTypeLabels[type] ?? type;
}

/** One sentence for an event, e.g. "Olivia suspended Harbour Tax (active → suspended)". */
export function describeActivity(input: {
  type: string;
  detail: Record<string, unknown>;
  actorEmail: string | null;
  businessName: string | null;
  /** The operator who made the change while signed in as the business ("Login as this business"). */
  operatorEmail?: string | null;
}): string {
  const line = describeEvent(input);
  if (typeof input.detail.impersonatedBy !== 'string') return line;
  const name = str(input.detail.operatorName);
  const operator = name && input.operatorEmail && name !== input.operatorEmail ? `${name} (${input.operatorEmail})` : name || input.operatorEmail || 'a platform operator';
  return `${line}, done by ${operator} signed in as the business`;
}

function describeEvent(input: Parameters<typeof describeActivity>[0]): string {
  const { type, detail } = input;
  const who = input.actorEmail ?? str(detail.email) ?? '';
  const business = input.businessName ?? str(detail.companyName);
  switch (type) {
    case 'auth.sign_in':
      return `${who || 'Someone'} signed in${detail.twoFactor ? ' with a two-factor code' : ''}`;
    case 'auth.sign_in_failed':
      return `Failed sign-in for ${str(detail.email) || 'an unknown address'}`;
    case 'auth.sign_up':
      return `${who || 'A new business'} signed up${business ? ` (${business})` : ''}`;
    case 'auth.password_reset':
      return `${who || 'A user'} reset their password`;
    case 'auth.password_changed':
      return `${who || 'A user'} changed their password`;
    case 'auth.two_factor_challenge':
      return `${who || 'A user'} entered the right password; two-factor code asked`;
    case 'auth.two_factor_enabled':
      return `${who || 'A user'} set up two-factor sign-in`;
    case 'admin.role_granted':
      return `Operator role granted to ${str(detail.email)}`;
    case 'admin.business_created':
      return `${who || 'An operator'} added ${business || 'a business'}`;
    case 'admin.business_updated':
      return `${who || 'An operator'} edited ${business || 'a business'}${Array.isArray(detail.changed) && detail.changed.length ? ` (${(detail.changed as string[]).join(', ')})` : ''}`;
    case 'admin.business_status_changed':
      return `${who || 'An operator'} changed ${business || 'a business'} from ${str(detail.from)} to ${str(detail.to)}`;
    case 'admin.business_deleted':
      return `${who || 'An operator'} deleted ${business || 'a business'}`;
    case 'admin.password_link_sent':
      return `${who || 'An operator'} sent a password link to ${str(detail.email)}`;
    case 'admin.impersonation_started':
      return `${who || 'An operator'} signed in as ${business || 'a business'}`;
    case 'admin.impersonation_stopped':
      return `${who || 'An operator'} stopped acting as ${business || 'a business'}`;
    case 'admin.settings_changed':
      return `${who || 'An operator'} changed platform settings${Array.isArray(detail.changed) && detail.changed.length ? `: ${(detail.changed as string[]).join(', ')}` : ''}`;
    case 'admin.email_template_saved':
      return `${who || 'An operator'} edited the "${str(detail.name)}" e-mail`;
    case 'admin.email_template_reset':
      return `${who || 'An operator'} reset the "${str(detail.name)}" e-mail to its default`;
    case 'admin.email_template_test_sent':
      return `${who || 'An operator'} sent a test of the "${str(detail.name)}" e-mail`;
    case 'admin.inbox_status_changed':
      return `${who || 'An operator'} marked a ${str(detail.kind) === 'waitlist' ? 'waitlist sign-up' : 'contact message'} as ${str(detail.status)}`;
    case 'inbox.contact_message':
      return `Contact message from ${str(detail.email) || str(detail.name) || 'a visitor'}`;
    case 'inbox.waitlist_joined':
      return `${str(detail.email) || 'A visitor'} joined the waitlist for ${str(detail.feature)}`;
    case 'email.trial_ending_sent':
      return `Trial ending reminder sent to ${business || 'a business'}`;
    case 'email.trial_ended_sent':
      return `Trial ended e-mail sent to ${business || 'a business'}`;
    case 'email.monthly_report_sent':
      return `Monthly report${typeof detail.occasion === 'string' ? ` for ${detail.occasion}` : ''} sent to ${business || 'a business'}`;
    case 'admin.impersonated_action':
      return `${impersonatedActionText(str(detail.path))} for ${business || 'a business'} (${str(detail.method)} ${str(detail.path)}, answered ${str(detail.status)})`;
    case 'business.profile_updated':
      return `${who || 'The owner'} edited the profile of ${business || 'a business'}${Array.isArray(detail.changed) && detail.changed.length ? ` (${(detail.changed as string[]).join(', ')})` : ''}`;
    default:
      return `${activityLabel(type)}${who ? ` by ${who}` : ''}${business ? ` (${business})` : ''}`;
  }
}
