// Every user-facing text of client notifications (issue 19), for the server's e-mails and the app's screens alike.
// Re-exported as `messages.notifications`.

const list = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(', ');

export const notificationTexts = {
  // Settings validation.
  timeInvalid: 'Times are written as HH:MM (24-hour), e.g. 20:00',
  quietHoursSame: 'Quiet hours need different start and end times',
  positionRange: 'The position must be between 1 and 100',
  daysRange: 'The number of working days must be between 1 and 60',
  windowRange: 'The batching window must be between 0 and 240 minutes',
  tooManyLines: 'At most 200 status lines',
  smsDailyLimitRange: 'The texts per client and day must be between 1 and 10',
  subjectRequired: 'The subject cannot be empty',
  tooLong: (label: string, max: number) => `The ${label} must be at most ${max} characters`,
  unknownPlaceholder: (names: readonly string[], label: string) =>
    `Unknown placeholder ${list(names)} in the ${label}. You can use {{clientName}}, {{companyName}}, {{status}}, {{position}}, {{estimate}} and {{headline}}.`,

  /** The default "what this means" line by status class. */
  defaultLines: {
    completed: 'Your project is complete. Thank you for working with us!',
    cancelled: 'Your project has been cancelled. If this is unexpected, please get in touch.',
    onHold: 'Your project is on hold for now. We will be in touch about what happens next.',
    review: 'Your project is being reviewed. We will let you know if we need anything from you.',
    inProgress: 'We are working on your project now.',
    pending: 'Your project is in our queue. We will start on it soon.',
  },

  // The update e-mail: its headline (the {{headline}} placeholder) and its paragraphs.
  headline: {
    completed: 'your project is complete',
    status: (status: string) => `your project is now ${status}`,
    next: "you're next",
    position: (position: number) => `you're now number ${position} in line`,
    estimate: (date: string) => `new estimated completion ${date}`,
    removed: 'your project is no longer listed',
  },
  body: {
    status: (status: string) => `Your project status is now: ${status}.`,
    completed: (status: string) => `Your project is complete (${status}).`,
    next: "You're next in line.",
    position: (position: number) => `You're now number ${position} in line.`,
    estimate: (to: string, from: string) => `The estimated completion date has moved to ${to} (it was ${from}).`,
    removed: (company: string) => `Your project is no longer listed on the status page of ${company}. If you think this is a mistake, please contact ${company}.`,
    openLink: 'See your project',
    why: (company: string) => `You get these updates because ${company} keeps you informed about your project.`,
    unsubscribe: 'Unsubscribe from these e-mails',
    poweredBy: (platform: string) => `Sent with ${platform}`,
    testBanner: 'This is a test: it shows what your clients receive. The link below opens your portal.',
  },

  /** Why a message was not sent (shown per client and message). */
  skipped: {
    optedOut: 'The client turned off e-mail updates',
    invalidAddress: (value: string) => (value.trim() === '' ? 'No e-mail address' : `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}" is not an e-mail address`),
    bouncing: 'The address bounced earlier; nothing more is sent to it',
    changedBack: 'Nothing to tell: the change was undone within the batching window',
    dailyLimit: 'Already told today',
    clientGone: 'The client is no longer in the portal',
    clientRemoved: 'The client is no longer listed',
    notificationsOff: 'E-mail updates are turned off for this portal',
    alreadyInvited: 'An invitation to this client is already on its way',
  },
  /** The states a message shows in the client's list. */
  states: {
    pending: 'Waiting for the batching window',
    held: 'Held for quiet hours',
    sending: 'Sending',
    sent: 'Sent',
    logged: 'Written to the server log (no mail server set up)',
    bounced: 'Bounced',
    failed: 'Failed',
    skipped: 'Not sent',
  },
  triggers: {
    invitation: 'Invitation',
    status: 'Status change',
    completed: 'Completed',
    queue: 'Queue position',
    estimate: 'Estimate later',
    removed: 'Removed',
  },
  /** Texts (SMS) for urgent updates. */
  sms: {
    noPhoneColumn: 'No phone column is chosen in the SMS settings',
    invalidPhone: (value: string) => (value.trim() === '' ? 'No phone number' : `"${value.length > 40 ? `${value.slice(0, 37)}...` : value}" is not a phone number`),
    noConsent: 'The client has not agreed to texts',
    optedOut: 'The client replied STOP',
    dailyLimit: (n: number) => `Already sent ${n} text${n === 1 ? '' : 's'} to this client today`,
    notUrgent: 'Not urgent',
    off: 'Texts are turned off for this portal',
    notConfigured: 'No SMS provider is set up on this server',
    planWithout: 'Texts are part of the Business and Enterprise plans',
    held: 'Held until 8:00 (texts go between 8:00 and 21:00)',
    delivered: 'Delivered to the phone',
    undelivered: (code: string) => `The carrier did not deliver it (Twilio error ${code})`,
    /** The HELP answer when the number is texted by someone who has no consent on record. */
    helpUnknown: 'StatusLink sends project updates for the businesses you work with. Reply STOP to stop texts.',
    stopped: 'You will get no more texts about your project. Reply START to get them again.',
    badSignature: 'The request is not signed by the SMS provider.',
    consentRequired: 'The client must have a valid phone number in the phone column before consent can be recorded',
    turnedOffOnCard: 'The client turned texts off on their project page',
    /** The portal card's texts (the client's own opt-in with a code). */
    cardUnavailable: 'Texts are not available for this project.',
    cardStopped: 'This number replied STOP to our texts. Reply START to our number to get texts again.',
    cardNumberRefused: 'This number cannot receive texts. Please ask the business to update it.',
    cardNotNow: 'Texts cannot be sent right now. Please try again later.',
    cardCodeWait: 'A code was sent a moment ago. Please wait before asking for another.',
    cardCodeWrong: 'That code is wrong or has expired. Ask for a new one.',
  },
  gaveUp: (error: string) => `Gave up after 24 hours of failed tries: ${error}`,
  retrying: (error: string) => `Retrying: ${error}`,
} as const;
