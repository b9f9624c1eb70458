// Human-readable lines for the activity log: one table of event types, each with its label and its sentence. A type
// not in the table (a new event of another track) still reads as words, never as its raw key.

/** What a sentence is made from. */
interface EventText {
  detail: Record<string, unknown>;
  /** The actor's e-mail, or '' when unknown. */
  who: string;
  /** The business's name, or '' when unknown. */
  business: string;
}

interface ActivityType {
  label: string;
  sentence: (e: EventText) => string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Field names as words: 'companyName' -> 'company name', 'trialEndsAt' -> 'trial end'. */
const fieldWords: Record<string, string> = { trialEndsAt: 'trial end', timeZone: 'time zone', email: 'e-mail', logoUrl: 'logo' };
const fieldName = (f: string) => fieldWords[f] ?? f.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
/** " (company name, phone)" for a detail's `changed` list, or ''. */
const changedList = (detail: Record<string, unknown>, lead = ' (', end = ')') =>
  Array.isArray(detail.changed) && detail.changed.length ? `${lead}${(detail.changed as unknown[]).map((f) => fieldName(str(f))).join(', ')}${end}` : '';
const operator = (e: EventText) => e.who || 'An operator';
const owner = (e: EventText) => e.who || 'The owner';
const of = (e: EventText) => e.business || 'a business';
const inPortal = (e: EventText) => (e.business ? ` of ${e.business}` : '');

/** What a request made during "Login as this business" did, for the paths worth a word of their own. */
const impersonatedActions: Record<string, string> = {
  '/api/auth/update-user': "Changed the owner's name or picture",
  '/api/auth/revoke-sessions': "Ended the owner's sessions",
  '/api/auth/revoke-other-sessions': "Ended the owner's other sessions",
  '/api/auth/revoke-session': 'Ended a session of the owner',
  '/api/auth/sign-out': 'Signed out',
};
const impersonatedActionText = (path: string) => impersonatedActions[path] ?? 'Made a change';

const planWord = (v: unknown) => {
  const s = str(v);
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : 'a plan';
};

/** Every event type the app writes, with its label and sentence. Add a type here when adding an event. */
const activityTypes: Record<string, ActivityType> = {
  'auth.sign_in': { label: 'Signed in', sentence: (e) => `${e.who || 'Someone'} signed in${e.detail.twoFactor ? ' with a two-factor code' : ''}` },
  'auth.sign_in_failed': { label: 'Failed sign-in', sentence: (e) => `Failed sign-in for ${str(e.detail.email) || 'an unknown address'}` },
  'auth.sign_up': { label: 'Signed up', sentence: (e) => `${e.who || 'A new business'} signed up${e.business ? ` (${e.business})` : ''}` },
  'auth.password_reset': { label: 'Password reset', sentence: (e) => `${e.who || 'A user'} reset their password` },
  'auth.password_changed': { label: 'Password changed', sentence: (e) => `${e.who || 'A user'} changed their password` },
  'auth.two_factor_challenge': { label: 'Two-factor code asked', sentence: (e) => `${e.who || 'A user'} entered the right password; two-factor code asked` },
  'auth.two_factor_enabled': { label: 'Two-factor sign-in set up', sentence: (e) => `${e.who || 'A user'} set up two-factor sign-in` },
  'admin.role_granted': { label: 'Operator role granted', sentence: (e) => `Operator role granted to ${str(e.detail.email)}` },
  'admin.business_created': { label: 'Business added', sentence: (e) => `${operator(e)} added ${of(e)}` },
  'admin.business_updated': {
    label: 'Business edited',
    sentence: (e) =>
      e.detail.planFrom !== undefined
        ? `${operator(e)} edited ${of(e)}${changedList(e.detail)}, plan ${planWord(e.detail.planFrom)} to ${planWord(e.detail.planTo)}`
        : `${operator(e)} edited ${of(e)}${changedList(e.detail)}`,
  },
  'admin.business_status_changed': {
    label: 'Business status changed',
    sentence: (e) => {
      const from = str(e.detail.from);
      const to = str(e.detail.to);
      if (to === 'suspended') return `${operator(e)} suspended ${of(e)} (was ${from})`;
      if (from === 'suspended') return `${operator(e)} reactivated ${of(e)} (back to ${to})`;
      return `${operator(e)} changed ${of(e)} from ${from} to ${to}`;
    },
  },
  'admin.business_deleted': { label: 'Business deleted', sentence: (e) => `${operator(e)} deleted ${of(e)}` },
  'admin.password_link_sent': { label: 'Password link sent', sentence: (e) => `${operator(e)} sent a password link to ${str(e.detail.email)}` },
  'admin.impersonation_started': { label: 'Impersonation started', sentence: (e) => `${operator(e)} signed in as ${of(e)}` },
  'admin.impersonation_stopped': { label: 'Impersonation ended', sentence: (e) => `${operator(e)} stopped acting as ${of(e)}` },
  'admin.impersonated_action': {
    label: 'Change made as the business',
    sentence: (e) => `${impersonatedActionText(str(e.detail.path))} for ${of(e)} (${str(e.detail.method)} ${str(e.detail.path)}, answered ${str(e.detail.status)})`,
  },
  'admin.settings_changed': { label: 'Settings changed', sentence: (e) => `${operator(e)} changed platform settings${changedList(e.detail, ': ', '')}` },
  'admin.email_template_saved': { label: 'E-mail template saved', sentence: (e) => `${operator(e)} edited the "${str(e.detail.name)}" e-mail` },
  'admin.email_template_reset': { label: 'E-mail template reset', sentence: (e) => `${operator(e)} reset the "${str(e.detail.name)}" e-mail to its default` },
  'admin.email_template_test_sent': { label: 'Test e-mail sent', sentence: (e) => `${operator(e)} sent a test of the "${str(e.detail.name)}" e-mail` },
  'admin.inbox_status_changed': {
    label: 'Inbox item updated',
    sentence: (e) => `${operator(e)} marked a ${str(e.detail.kind) === 'waitlist' ? 'waitlist sign-up' : 'contact message'} as ${str(e.detail.status)}`,
  },
  'inbox.contact_message': { label: 'Contact message received', sentence: (e) => `Contact message from ${str(e.detail.email) || str(e.detail.name) || 'a visitor'}` },
  'inbox.waitlist_joined': { label: 'Waitlist sign-up', sentence: (e) => `${str(e.detail.email) || 'A visitor'} joined the waitlist for ${str(e.detail.feature)}` },
  'email.trial_ending_sent': { label: 'Trial ending e-mail sent', sentence: (e) => `Trial ending reminder sent to ${of(e)}` },
  'email.trial_ended_sent': { label: 'Trial ended e-mail sent', sentence: (e) => `Trial ended e-mail sent to ${of(e)}` },
  'email.monthly_report_sent': {
    label: 'Monthly report sent',
    sentence: (e) => `Monthly report${typeof e.detail.occasion === 'string' ? ` for ${e.detail.occasion}` : ''} sent to ${of(e)}`,
  },
  'business.profile_updated': { label: 'Business profile edited', sentence: (e) => `${owner(e)} edited the profile of ${of(e)}${changedList(e.detail)}` },
  'portal.created': { label: 'Portal created', sentence: (e) => `${owner(e)} created the portal "${str(e.detail.name)}"${inPortal(e)}` },
  'portal.updated': { label: 'Portal settings changed', sentence: (e) => `${owner(e)} changed the settings of a portal${inPortal(e)}${changedList({ changed: e.detail.fields })}` },
  'portal.deleted': { label: 'Portal deleted', sentence: (e) => `${owner(e)} deleted the portal "${str(e.detail.name)}"${inPortal(e)}` },
  'portal.logo_uploaded': { label: 'Portal logo uploaded', sentence: (e) => `${owner(e)} uploaded a portal logo${inPortal(e)}` },
  'portal.logo_removed': { label: 'Portal logo removed', sentence: (e) => `${owner(e)} removed a portal logo${inPortal(e)}` },
  'portal.access_link_rotated': { label: 'Access link made', sentence: (e) => `${owner(e)} made a new access link for a client${inPortal(e)}` },
  'portal.access_link_revoked': { label: 'Access link revoked', sentence: (e) => `${owner(e)} revoked a client's access link${inPortal(e)}` },
  'client.queue_position_changed': {
    label: 'Queue position changed',
    sentence: (e) =>
      e.detail.position === null || e.detail.position === undefined
        ? `${owner(e)} cleared a client's manual queue position${inPortal(e)}`
        : `${owner(e)} moved a client to position ${str(e.detail.position)} in the queue${inPortal(e)}`,
  },
  'client.restored': { label: 'Client restored', sentence: (e) => `${owner(e)} restored a removed client${inPortal(e)}` },
  'api_key.created': {
    label: 'API key created',
    sentence: (e) => `${owner(e)} created the ${str(e.detail.scope)} API key "${str(e.detail.name)}"${e.business ? ` for ${e.business}` : ''}`,
  },
  'api_key.revoked': { label: 'API key revoked', sentence: (e) => `${owner(e)} revoked the API key "${str(e.detail.name)}"${inPortal(e)}` },
  'api_key.used': { label: 'API key used', sentence: (e) => `The API key "${str(e.detail.name)}"${inPortal(e)} was used on ${str(e.detail.day)}` },
  'api_key.write': {
    label: 'Change through the API',
    sentence: (e) => `The API key "${str(e.detail.name)}"${inPortal(e)} called ${str(e.detail.method)} ${str(e.detail.route)} (${str(e.detail.status)})`,
  },
  'webhook.created': { label: 'Webhook endpoint added', sentence: (e) => `${owner(e)} added the webhook endpoint ${str(e.detail.url)}${inPortal(e)}` },
  'webhook.updated': { label: 'Webhook endpoint changed', sentence: (e) => `${owner(e)} changed the webhook endpoint ${str(e.detail.url)}${inPortal(e)}${changedList(e.detail)}` },
  'webhook.deleted': { label: 'Webhook endpoint deleted', sentence: (e) => `${owner(e)} deleted the webhook endpoint ${str(e.detail.url)}${inPortal(e)}` },
  'webhook.secret_rotated': { label: 'Webhook secret rotated', sentence: (e) => `${owner(e)} rotated the signing secret of ${str(e.detail.url)}${inPortal(e)}` },
  'notifications.channel_down': {
    label: 'Client messages held',
    sentence: (e) => `Client messages${inPortal(e)} are held: ${str(e.detail.channel)} has been failing since ${str(e.detail.since)} (${str(e.detail.reason)})`,
  },
  'notifications.change_lost': {
    label: 'Client notifications lost',
    sentence: (e) =>
      `A change to ${str(e.detail.events)} client events${inPortal(e)} could not be turned into notifications after a day of retries; those clients were not told (${str(e.detail.error)})`,
  },
};

/** Words that stay as they are written when a key is turned into words. */
const ACRONYMS: Record<string, string> = { api: 'API', sms: 'SMS', url: 'URL', dns: 'DNS', tls: 'TLS', csv: 'CSV', mrr: 'MRR', id: 'ID' };

/** A key nobody described yet as words: 'api_key.created' -> 'API key created'. */
export function keyAsWords(type: string): string {
  const words = type
    .split(/[._\s-]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Activity';
}

/** Every described type with its label (the activity page's type filter). */
export const activityTypeLabels: Record<string, string> = Object.fromEntries(Object.entries(activityTypes).map(([type, t]) => [type, t.label]));

export function activityLabel(type: string): string {
  return activityTypes[type]?.label ?? keyAsWords(type);
}

/** One sentence for an event, e.g. "olivia@statuslink.test suspended Harbour Tax (was trial)". */
export function describeActivity(input: {
  type: string;
  detail: Record<string, unknown>;
  actorEmail: string | null;
  businessName: string | null;
  /** The operator who made the change while signed in as the business ("Login as this business"). */
  operatorEmail?: string | null;
}): string {
  let line = describeEvent(input);
  // A change made with an API key says which key (the key's own rows name it already).
  if (typeof input.detail.apiKeyName === 'string' && !input.type.startsWith('api_key.')) line = `${line}, through the API key "${input.detail.apiKeyName}"`;
  if (typeof input.detail.impersonatedBy !== 'string') return line;
  const name = str(input.detail.operatorName);
  const operatorText = name && input.operatorEmail && name !== input.operatorEmail ? `${name} (${input.operatorEmail})` : name || input.operatorEmail || 'a platform operator';
  return `${line}, done by ${operatorText} signed in as the business`;
}

function describeEvent(input: Parameters<typeof describeActivity>[0]): string {
  const text: EventText = { detail: input.detail, who: input.actorEmail ?? str(input.detail.email), business: input.businessName ?? str(input.detail.companyName) };
  const known = activityTypes[input.type];
  if (known) return known.sentence(text);
  return `${keyAsWords(input.type)}${text.who ? ` by ${text.who}` : ''}${text.business ? ` (${text.business})` : ''}`;
}
