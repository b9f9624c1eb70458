// The platform's transactional e-mails: each with a default subject and body and the placeholders it may use.

export const emailTemplateKeys = [
  'welcome',
  'sign_up_confirm',
  'sign_up_existing',
  'account_invitation',
  'password_reset',
  'trial_ending',
  'trial_ended',
  'payment_failed',
  'monthly_report',
  'portal_verification_code',
  'client_update',
  'client_email_bounced',
  'client_messages_held',
  'webhook_disabled',
] as const;
export type EmailTemplateKey = (typeof emailTemplateKeys)[number];

export interface EmailTemplateDefinition {
  key: EmailTemplateKey;
  name: string;
  /** When the platform sends it. */
  description: string;
  /** Placeholders the subject and body may use, each with a sample value for previews and test sends. */
  placeholders: Record<string, string>;
  subject: string;
  body: string;
}

/** Placeholders every template may use. */
export const commonPlaceholders: Record<string, string> = {
  platformName: 'StatusLink',
  supportEmail: 'support@example.com',
};

export function isEmailTemplateKey(value: unknown): value is EmailTemplateKey {
  return typeof value === 'string' && (emailTemplateKeys as readonly string[]).includes(value);
}

export const emailTemplateCatalog: Record<EmailTemplateKey, EmailTemplateDefinition> = {
  welcome: {
    key: 'welcome',
    name: 'Welcome',
    description: 'Sent to a business owner right after sign-up, when the welcome e-mail is enabled.',
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', trialDays: '14', trialEndDate: 'March 14, 2026', link: 'https://statuslink.example/app/billing' },
    subject: 'Welcome to {{platformName}}, {{ownerName}}',
    body: [
      'Hello {{ownerName}},',
      'Welcome to {{platformName}}! The account of {{companyName}} is ready, with a free trial of {{trialDays}} days (until {{trialEndDate}}).',
      'Connect your client spreadsheet and share your first status portal from your dashboard:',
      '{{link}}',
      'Questions? Just reply to this e-mail.',
    ].join('\n\n'),
  },
  sign_up_confirm: {
    key: 'sign_up_confirm',
    name: 'Confirm sign-up',
    description: 'Sent after a sign-up with an address that has no account: the link confirms the address and signs the owner in.',
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', link: 'https://statuslink.example/api/auth/verify-email?token=...' },
    subject: 'Confirm your {{platformName}} account',
    body: [
      'Hello {{ownerName}},',
      'The {{platformName}} account of {{companyName}} is ready. Confirm your e-mail address and sign in with this link:',
      '{{link}}',
      'You can also sign in with your e-mail and password. If you did not sign up, you can ignore this e-mail.',
    ].join('\n\n'),
  },
  sign_up_existing: {
    key: 'sign_up_existing',
    name: 'Sign-up with an address that has an account',
    description: 'Sent instead of a confirmation when someone signs up with an address that already has an account (the sign-up page answers the same either way).',
    placeholders: { name: 'Dana Owner', signInLink: 'https://statuslink.example/login', resetLink: 'https://statuslink.example/forgot-password' },
    subject: 'You already have a {{platformName}} account',
    body: [
      'Hello {{name}},',
      'Someone tried to create a {{platformName}} account with this e-mail address, which already has one. If it was you, sign in:',
      '{{signInLink}}',
      'Forgot your password? Choose a new one here:',
      '{{resetLink}}',
      'If it was not you, you can ignore this e-mail: nothing has changed in your account.',
    ].join('\n\n'),
  },
  account_invitation: {
    key: 'account_invitation',
    name: 'Account created by an operator',
    description: 'Sent when a platform operator adds a business: a link for the owner to choose a password.',
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', email: 'dana@example.com', link: 'https://statuslink.example/reset-password?token=...' },
    subject: 'Your {{platformName}} account for {{companyName}}',
    body: [
      'Hello {{ownerName}},',
      'An account for {{companyName}} has been created for you on {{platformName}}. Your sign-in e-mail is {{email}}.',
      'Choose your password with this link (it works once and is valid for 72 hours):',
      '{{link}}',
    ].join('\n\n'),
  },
  password_reset: {
    key: 'password_reset',
    name: 'Password reset',
    description: 'Sent when someone asks to reset a password on the Forgot Password page.',
    placeholders: { name: 'Dana Owner', link: 'https://statuslink.example/reset-password?token=...' },
    subject: 'Reset your {{platformName}} password',
    body: [
      'Hello {{name}},',
      'Someone asked to reset the password of your {{platformName}} account. If it was you, choose a new password with the link below. It works once and expires in 60 minutes.',
      '{{link}}',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ].join('\n\n'),
  },
  trial_ending: {
    key: 'trial_ending',
    name: 'Trial ending',
    description: 'Sent the configured number of days before a business trial ends (Email settings: trial ending reminder).',
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', daysLeft: '3', timeLeft: '3 days', trialEndDate: 'March 14, 2026', link: 'https://statuslink.example/app/billing' },
    subject: 'Your {{platformName}} trial ends in {{timeLeft}}',
    body: [
      'Hello {{ownerName}},',
      'The free trial of {{companyName}} on {{platformName}} ends on {{trialEndDate}} ({{timeLeft}} from now).',
      'Choose a plan to keep your client portals running without interruption:',
      '{{link}}',
    ].join('\n\n'),
  },
  trial_ended: {
    key: 'trial_ended',
    name: 'Trial ended',
    description: 'Sent once when a business trial has ended, when the trial ended e-mail is enabled.',
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', link: 'https://statuslink.example/app/billing' },
    subject: 'Your {{platformName}} trial has ended',
    body: [
      'Hello {{ownerName}},',
      'The free trial of {{companyName}} on {{platformName}} has ended. Choose a plan to keep using your client portals:',
      '{{link}}',
    ].join('\n\n'),
  },
  payment_failed: {
    key: 'payment_failed',
    name: 'Payment failed',
    description:
      "When Stripe reports that a subscription's payment failed (once per invoice and attempt), if the payment failed e-mail is enabled. The business keeps its portals for the grace days.",
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', plan: 'Professional', amount: '$79.00', link: 'https://statuslink.example/app/billing' },
    subject: 'Payment failed for your {{platformName}} subscription',
    body: [
      'Hello {{ownerName}},',
      'We could not collect the payment of {{amount}} for the {{plan}} plan of {{companyName}}. Please update your payment details:',
      '{{link}}',
    ].join('\n\n'),
  },
  monthly_report: {
    key: 'monthly_report',
    name: 'Monthly report',
    description:
      "Sent on the 1st of each month (UTC) to each active or trial business owner: last month's portal lookups and clients, when the monthly report e-mail is enabled.",
    placeholders: {
      ownerName: 'Dana Owner',
      companyName: 'Owner & Co Tax',
      month: 'February 2026',
      lookups: '412',
      notFound: '9',
      portals: '2',
      clientsCompleted: '18',
      newClients: '23',
      clientsTotal: '140',
      clientsActive: '61',
      clientMessages: '5',
      link: 'https://statuslink.example/app/analytics',
    },
    subject: 'Your {{platformName}} report for {{month}}',
    body: [
      'Hello {{ownerName}},',
      'Here is how {{month}} went for {{companyName}} on {{platformName}}:',
      [
        '- Status lookups by your clients: {{lookups}} ({{notFound}} found no project)',
        '- Clients completed: {{clientsCompleted}}',
        '- New clients: {{newClients}}',
        '- Messages from clients: {{clientMessages}}',
        '- Clients on file today: {{clientsTotal}} ({{clientsActive}} in your queue); client portals: {{portals}}',
      ].join('\n'),
      'See the details in your analytics:',
      '{{link}}',
    ].join('\n\n'),
  },
  portal_verification_code: {
    key: 'portal_verification_code',
    name: 'Portal verification code',
    description: 'Sent to a client when a portal requires verification before showing a status.',
    placeholders: { clientName: 'Jordan Client', companyName: 'Owner & Co Tax', code: '482913', minutes: '10' },
    subject: 'Your {{companyName}} verification code: {{code}}',
    body: [
      'Hello {{clientName}},',
      'Your code to see your project status with {{companyName}} is {{code}}. It is valid for {{minutes}} minutes.',
      'If you did not ask for it, you can ignore this e-mail.',
    ].join('\n\n'),
  },
  client_update: {
    key: 'client_update',
    name: 'Client update',
    description:
      'To the business owner when a client sends an update or question from the portal (where the portal allows client updates). Reply-To is the client.',
    placeholders: {
      ownerName: 'Olga Owner',
      clientName: 'Jordan Client',
      clientEmail: 'jordan@example.com',
      message: 'I have uploaded the signed form.',
      link: 'https://statuslink.example/app/portals',
    },
    subject: 'New message from {{clientName}} on your client portal',
    body: [
      'Hello {{ownerName}},',
      '{{clientName}} ({{clientEmail}}) sent this from your client portal:',
      '{{message}}',
      'Reply to this e-mail to answer {{clientName}}, or see all messages in your dashboard:',
      '{{link}}',
    ].join('\n\n'),
  },
  client_email_bounced: {
    key: 'client_email_bounced',
    name: 'Client address bouncing',
    description: "To the business owner when a client's e-mail address is refused for good by the client's mail server: nothing more is sent to it.",
    placeholders: { ownerName: 'Olga Owner', clientName: 'Jordan Client', clientEmail: 'jordan@example.com', reason: '550 Mailbox unavailable', link: 'https://statuslink.example/app/portals' },
    subject: 'An e-mail to {{clientName}} bounced',
    body: [
      'Hello {{ownerName}},',
      "The e-mail address of {{clientName}} ({{clientEmail}}) was refused by the client's mail server: {{reason}}",
      'No more updates are sent to this address. Correct it in your client list (the next sync picks it up), or ask the client for another address:',
      '{{link}}',
    ].join('\n\n'),
  },
  client_messages_held: {
    key: 'client_messages_held',
    name: 'Client updates held',
    description: 'To the business owner when the way out for client updates (the mail server or the SMS provider) has been failing for an hour: the updates are kept and go out when it works again.',
    placeholders: { ownerName: 'Olga Owner', channel: 'e-mail', since: 'March 2, 2026, 10:05 AM EST', reason: 'Could not reach the SMTP server.', waiting: '12', link: 'https://statuslink.example/app/portals' },
    subject: 'Your client updates by {{channel}} are held',
    body: [
      'Hello {{ownerName}},',
      'Since {{since}}, client updates by {{channel}} could not be sent: {{reason}}',
      '{{waiting}} updates are waiting. Nothing is lost: they go out as soon as sending works again. The platform team has been told.',
      '{{link}}',
    ].join('\n\n'),
  },
  webhook_disabled: {
    key: 'webhook_disabled',
    name: 'Webhook endpoint disabled',
    description: 'Sent to a business owner when a webhook endpoint is disabled after failing every delivery for five days.',
    placeholders: { ownerName: 'Dana Owner', companyName: 'Owner & Co Tax', url: 'https://hooks.example.com/statuslink', since: 'November 21, 2026', lastError: 'Connection refused', link: 'https://statuslink.example/app/developers' },
    subject: 'A webhook endpoint of {{companyName}} was disabled',
    body: [
      'Hello {{ownerName}},',
      'Every delivery to your webhook endpoint {{url}} has failed since {{since}} (the last: {{lastError}}), so {{platformName}} has disabled it. Events are no longer sent to it.',
      'Once the endpoint answers again, enable it on the Developers page; you can resend the deliveries it missed from there:',
      '{{link}}',
    ].join('\n\n'),
  },
};
