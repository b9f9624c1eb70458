// Texts of the public client portal, shared by the server's answers and the portal page. Plain constants with no
// imports: the portal's bundle imports this file (and not messages.ts, which carries every message of the product).

/** The spec's portal messages, word for word (spec 5 and 8); also messages.portal. */
export const portalMessages = {
  searchTooShort: 'Please enter at least 2 characters to search',
  notFound: 'No project found. Please check your email/name or contact support.',
  unexpected: 'Unable to load project information. Please try again later.',
  statusUnknown: 'Status Unknown',
  completed: 'Completed',
  portalIdInvalid: 'Invalid portal id',
} as const;

/** The portal's own texts, where the spec has none. */
export const portalTexts = {
  portalNotFoundTitle: 'Portal not found',
  portalNotFound: 'We could not find this portal. Please check the link, or contact the business that sent it to you.',
  unavailableTitle: 'Portal unavailable',
  unavailable: 'This portal is currently unavailable',
  noDataTitle: 'No projects yet',
  noData: 'This portal is being set up and has no projects to show yet. Please check back soon.',
  searchLabel: 'Email Address or Full Name',
  sessionExpired: 'Your verified session has ended. Please search again.',
  updateSent: 'Thank you! Your message was sent.',
  updateNeedsVerification: 'To send a message, first confirm it is you with a code sent to your e-mail address.',
  updateEmpty: 'Please write a message first.',
} as const;

/**
 * Texts only the server sends (the page shows an answer's message as it comes): apart from portalTexts so that the
 * page's bundle, which keeps every key of an object it imports, does not carry them (issue 5's 80 KB budget).
 */
export const portalAnswerTexts = {
  ambiguousName: 'More than one project matches this name. Please search with your email address instead.',
  codeSent: 'If this matches a project, we have e-mailed a 6-digit code to the address on file. It is valid for 10 minutes.',
  invalidCode: 'That code is not valid or has expired. Please check the latest e-mail, or ask for a new code.',
  updateTooLong: (max: number) => `Please keep your message under ${max} characters.`,
  updatesOff: 'This portal does not accept messages.',
} as const;

/** Longest client update, in characters. */
export const CLIENT_UPDATE_MAX_LENGTH = 1000;
