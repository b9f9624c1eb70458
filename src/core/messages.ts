// Every user-facing message, word for word from spec sections 5 and 8 and decisions D6.
// Messages with a placeholder are functions; the wording around the placeholder is the spec's.

import { portalMessages } from './portal-texts';

/** 'rows 3, 8 and 12' or 'rows 3, 8, 12, 20, 31 and 4 more': the first few of `count` row numbers. */
function listedRows(count: number, rows: readonly number[]): string {
  const shown = rows.slice(0, 5);
  if (count > shown.length) return `rows ${shown.join(', ')} and ${count - shown.length} more`;
  return `rows ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** Rows with fewer or more cells than the headers: which (the first few by sheet row number), and what follows. */
function oddRows(count: number, width: number, rows: readonly number[], than: 'fewer' | 'more', outcome: string): string {
  const which = count === 1 ? `Row ${rows[0]} has` : `${count} rows have`;
  return `${which} ${than} cells than the ${width} headers${count === 1 ? '' : ` (${listedRows(count, rows)})`}; ${outcome}`;
}

/** All user-facing messages, grouped by area. */
export const messages = {
  /** Health, readiness and operations (decision 0015). */
  system: {
    draining: 'This instance is shutting down; the load balancer should send requests to the others.',
    databaseUnreachable: 'The database did not answer within 2 seconds.',
    migrationsPending: 'The database lacks migrations of this version; run "npm run db:migrate" (or start one instance of this version, which applies them).',
    /** A request that needed the database while it could not be reached (503, Retry-After). */
    databaseUnavailable: 'StatusLink cannot reach its database right now. Please try again in a moment.',
    metricsToken: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
    /** While the process opens its database and builds the app (the early listener in main.ts answers). */
    starting: 'StatusLink is starting: the database is being opened. Please try again in a few seconds.',
    /** The ready probe while imports stopped by the last shutdown are finished or undone (embedded database). */
    recovering: 'Recovering after an unclean stop: finishing or undoing the imports it interrupted.',
    /** A request to one portal while that recovery works on it (503, Retry-After). */
    portalRecovering: 'This portal is being recovered after a restart: its last import is being finished. Please try again in a few seconds.',
  },
  common: {
    unknown: 'Unknown',
    unexpected: 'An unexpected error occurred',
    unexpectedTryAgain: 'An unexpected error occurred. Please try again.',
    tooLong: (max: number) => `Must be at most ${max} characters`,
  },
  signup: {
    companyNameRequired: 'Company name is required',
    ownerNameRequired: 'Owner name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    phoneRequired: 'Phone number is required',
    checkEmail: 'Check your e-mail: the link we sent confirms your address and signs you in.',
    passwordRequired: 'Password is required',
    passwordsDoNotMatch: 'Passwords do not match',
    termsRequired: 'You must accept the Terms of Service and Privacy Policy',
    planInvalid: 'Please choose a plan',
    timeZoneInvalid: 'Please choose a valid time zone',
    failed: 'An unexpected error occurred. Please try again.',
  },
  password: {
    required: 'Password is required',
    tooShort: (min: number) => `Password must be at least ${min} characters`,
    tooLong: (max: number) => `Password must be at most ${max} characters`,
    needsNumber: 'Password must contain a number',
    needsSpecial: 'Password must contain a special character',
    doNotMatch: 'Passwords do not match',
    currentRequired: 'Current password is required',
    tooCommon: 'This password is too easy to guess. Please choose a less common one, such as a few unrelated words.',
    strengthHint: 'Not a common password or an easy pattern like Password1!.',
  },
  auth: {
    invalidCredentials: 'Invalid email or password',
    accountSuspended: 'This account is suspended. Please contact support.',
    tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    signInRequired: 'Please sign in to continue.',
    adminRequired: "You don't have permission to access this area. This section requires administrator privileges.",
  },
  login: {
    bothRequired: 'Please enter both email and password',
    credentialsRequired: 'You must provide either an email or phone number and a password',
    socialFailed: 'An error occurred with social login. Please try again.',
  },
  forgotPassword: {
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    failed: 'An unexpected error occurred. Please try again.',
    linkSentIfAccount: 'If this email exists in our system, check your email for the reset link',
  },
  contact: {
    requiredFields: 'Please fill in all required fields.',
    failed: 'Something went wrong. Please try again later.',
  },
  notify: {
    emailInvalid: 'Please enter a valid email address',
    failed: 'There was an error submitting your email. Please try again.',
  },
  // Defined in portal-texts.ts so that the portal page's small bundle can import them without this whole file.
  portal: portalMessages,
  sheets: {
    urlInvalid: 'Please enter a valid Google Sheets URL',
    idNotFound: 'Invalid Google Sheets URL',
    fetchFailed: (status: number | string) => `Failed to fetch sheet data: ${status}`,
    analyzeFailed: 'Failed to analyze sheet',
    analysisFailedTitle: 'Analysis Failed',
    accessFailed: (message: string) => `Failed to access spreadsheet: ${message}`,
    mappingIncomplete: 'Map the name, email and status columns to continue',
    /** The required fields still without a column, named (step 3's hint). */
    mappingMissing: (fields: readonly string[]) =>
      `Map the ${fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`} ${fields.length === 1 ? 'column' : 'columns'} to continue`,
    gidInvalid: 'The tab id (gid) must be a number, as in #gid=123 at the end of the sheet address',
  },
  columns: {
    missingEmail: 'No email column detected - required for client portal access',
    missingStatus: 'No status column detected',
    missingName: 'No name column detected',
    missingPriority: "No priority column detected - clients won't see queue position",
    detectedEmail: (header: string) => `Email column detected: "${header}"`,
    detectedStatus: (header: string) => `Status column detected: "${header}"`,
    detectedName: (header: string) => `Name column detected: "${header}"`,
    detectedPriority: (header: string) => `Priority column detected: "${header}"`,
    columnTaken: (column: string, field: string) => `Column ${column} is already mapped to ${field}`,
  },
  sheetValues: {
    unparseableDate: (row: number, value: string) => `Row ${row}: "${value}" is not a date we can read; kept as text`,
    tooLong: (what: string, limit: number) => `The ${what} is longer than ${limit} characters`,
  },
  workload: {
    durationRange: 'Average project duration must be a whole number of days, from 1 to 365',
    capacityRange: 'Daily capacity must be a whole number, from 1 to 20',
    bufferRange: 'Buffer days must be a whole number, from 0 to 30',
    multiplierRange: 'Multipliers must be between 0.5 and 2.0 in steps of 0.1',
    workingDaysRequired: 'Choose at least one working day',
    holidayInvalid: 'Holidays must be dates in the form YYYY-MM-DD',
  },
  roi: {
    lessThanOneMonth: 'Less than 1 month',
    overCapacity: (searches: number, planName: string, capacity: number) =>
      `Your estimated ${searches.toLocaleString('en-US')} monthly searches exceed the ${planName} plan's ${capacity.toLocaleString('en-US')} searches.`,
  },
  admin: {
    settingsSaved: 'Settings saved successfully',
    settingsSaveFailed: 'Error saving settings. Please try again.',
    deleteBusinessConfirm: 'Are you sure you want to delete this business? This cannot be undone.',
    accessDenied:
      "You don't have permission to access this area. This section requires administrator privileges.",
    notSignedIn: 'Not signed in',
    verifyingAccess: 'Verifying access...',
    range: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}`,
    wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number between ${min} and ${max}`,
    emailInvalid: 'Please enter a valid email address',
    allowedIpsInvalid: 'Enter IP addresses (optionally with /prefix) separated by commas',
    required: (label: string) => `${label} is required`,
  },
  portals: {
    defaultName: 'Client Portal',
    notFound: 'Portal not found.',
    businessRequired: 'A business account is needed to manage portals.',
    nameRequired: 'Portal name is required',
    contactEmailInvalid: 'Contact email must be an e-mail address, like help@yourcompany.com',
    limitReached: (planName: string, limit: number, upgradeName: string | null, upgradeLimit: number | null) =>
      `Your ${planName} plan includes ${limit} ${limit === 1 ? 'portal' : 'portals'}. ` +
      (upgradeName
        ? `Upgrade to ${upgradeName} for ${upgradeLimit === null ? 'unlimited portals' : `up to ${upgradeLimit} portals`}.`
        : 'Contact sales for more.'),
    deleteConfirm: (name: string) =>
      `Delete the portal "${name}"? Its clients, their history and its sync history are deleted too. This cannot be undone.`,
  },
  sync: {
    sheetPrivate: 'the sheet is not shared. Google answered with a sign-in page instead of CSV data',
    sheetNotCsv: 'the address did not return CSV data',
    sheetTooLarge: (megabytes: number) => `the sheet is larger than ${megabytes} MB`,
    sheetTimeout: (seconds: number) => `Google Sheets did not answer within ${seconds} seconds`,
    sheetUnreachable: 'Google Sheets could not be reached',
    csvUnreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
    csvEmpty: 'The sheet is empty: the first row must hold the column headers',
    fileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB`,
    notUtf8: 'The file is not UTF-8; it was read as Windows-1252 (Excel\'s usual encoding)',
    columnMissing: (field: string, header: string) =>
      `The ${field} column ("${header}") is missing from the sheet. Nothing was changed; fix the sheet or the column mapping.`,
    columnOutOfRange: (field: string, column: string) =>
      `The ${field} column (column ${column}) is not in the sheet. Nothing was changed; fix the sheet or the column mapping.`,
    /** An optional column missing from a sync that still applies: the sync goes on without it. */
    optionalColumnMissing: (field: string, where: string) => `The ${field} column (${where}) is missing from the sheet; its values are left empty until it is back.`,
    duplicateClientId: (clientId: string, firstRow: number, row: number) =>
      `Client ID "${clientId}" is on rows ${firstRow} and ${row}; each client needs its own id. Nothing was changed.`,
    /** The drop guard, worded for where the new data came from: the connected sheet, or an uploaded file. */
    dropNeedsConfirmation: (removed: number, before: number, now: number, source: 'sheet' | 'file' = 'sheet') => {
      const [action, has, other] = source === 'sheet' ? ['sync', 'the sheet now has', 'a different sheet or tab?'] : ['import', 'the file has', 'a different file?'];
      return now >= before
        ? `This ${action} would remove ${removed} of your ${before} clients: ${has} ${now} clients, but not these (${other}). Replacing more than half is a large change, so nothing was changed; confirm to apply it.`
        : `This ${action} would remove ${removed} of your ${before} clients (${has} ${now}). More than half is a large drop, so nothing was changed; confirm to apply it.`;
    },
    alreadyRunning: 'A sync of this portal is already running. Please wait for it to finish.',
    /** A manual queue change while a sync or a recalculation of the queue holds the portal. */
    queueBusy: 'The queue of this portal is being updated right now. Please try again in a moment.',
    noSheet: 'This portal has no Google Sheet connected.',
    interrupted: 'The sync was interrupted before it finished. Nothing was changed.',
    /** A large change on the embedded database, stopped after its commit point (finished by the clean-up). */
    unfinished: 'The changes were checked and saved, but applying them was interrupted. They are finished automatically within a minute.',
    /** Such a change that the clean-up could not finish either (given up after three tries). */
    applyStopped: 'Applying the last sync stopped partway and could not be finished: some clients show the new data and some the old. Sync again (or upload the file again) to bring them all up to date.',
    binaryFile: 'This file is not a CSV file: it holds binary data (an Excel workbook, a PDF?). Save or export the sheet as CSV and upload that.',
    otherDelimiter: (separator: string) => `The values in this file are separated by ${separator}, not commas; it was read that way`,
    csvBodyRequired: 'Send the CSV file as the request body (Content-Type: text/csv).',
    /** A CSV portal's kept file asked for when there is none (never uploaded here, or the portal moved to a Google Sheet). */
    noUploadedFile: 'This portal has no uploaded file kept. Upload the file again.',
    noHeldFile: 'No upload is waiting for confirmation. Upload the file again.',
    keptFileChanged: 'The file has changed since this page showed it (another upload?). Look at it again before applying it.',
    noEmail: 'No email address',
    /** A blank cell in the Client ID column, and no client with the row's e-mail to match it to (D9). */
    blankClientId: 'No client ID, and no client with this email address: add its client ID',
    notAnEmail: (value: string) => `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}" is not an email address`,
    duplicateEmail: (email: string, keptRow: number) => `Duplicate email ${email}: row ${keptRow} (the later row) is used`,
    duplicateHeader: (header: string, columns: string) => `The header "${header}" appears more than once (columns ${columns})`,
    blankHeader: (column: string) => `Column ${column} has no header`,
    /** Rows with fewer cells than the headers; `rows` lists the first few sheet row numbers. */
    shortRows: (count: number, width: number, rows: readonly number[]) => oddRows(count, width, rows, 'fewer', 'the missing cells are read as empty'),
    /** Rows with more cells than the headers: the extra cells are kept under their column letters. */
    longRows: (count: number, width: number, rows: readonly number[]) =>
      oddRows(count, width, rows, 'more', 'the extra cells have no header and are kept under their column letters'),
    /** Due dates that could not be read: how many, and the first one. */
    unreadableDates: (count: number, first: { row: number; value: string }) =>
      `${count} due ${count === 1 ? 'date' : 'dates'} could not be read and ${count === 1 ? 'is' : 'are'} kept as text (${count === 1 ? '' : 'first: '}row ${first.row}, "${first.value.length > 40 ? `${first.value.slice(0, 39)}…` : first.value}")`,
  },
  apiKeys: {
    nameRequired: 'Give the key a name',
    expiryInPast: 'The expiry date must be in the future',
    expiryTooFar: 'A key can expire at most 5 years from now',
    notFound: 'API key not found.',
    invalid: 'The API key is not valid. Check that it was copied whole, or create a new one.',
    revoked: 'This API key was revoked. Create a new one in the app (Developers > API keys).',
    expired: 'This API key has expired. Create a new one in the app (Developers > API keys).',
    readOnly: 'This API key can only read (scope "read"). Use a key with the "write" scope to change data.',
    notAllowedHere: 'API keys cannot be used for this endpoint: account, billing, key management and the back office need a signed-in user.',
    businessSuspended: 'This business is suspended, so its API keys do not work. Please contact support.',
    limitReached: (max: number) => `A business can have at most ${max} active API keys. Revoke one you no longer use first.`,
    perKeyRate: (perMinute: number) => `Too many requests with this API key (at most ${perMinute} a minute). Wait for the time in Retry-After and try again.`,
  },
  webhooks: {
    urlRequired: 'Enter the address to send events to',
    eventsRequired: 'Choose at least one event',
    notFound: 'Webhook endpoint not found.',
    deliveryNotFound: 'Delivery not found.',
    limitReached: (max: number) => `A business can have at most ${max} webhook endpoints.`,
    disabledNotSent: 'The endpoint is disabled, so this delivery was not sent.',
    stillPending: 'This delivery is still being tried; wait for its result before resending it.',
  },
  billing: {
    notConnected: 'Payments are not connected on this platform: the operator assigns plans.',
    enterprise: 'The Enterprise plan is arranged with our sales team: contact sales to get it.',
    alreadyOnPlan: (plan: string) => `You are already paying for the ${plan} plan.`,
    changeInPortal: 'You already pay for a plan: change it with the plan\'s button on the Billing page (your card, invoices or cancelling are under "Manage billing").',
    noCustomer: 'There is no billing account yet: choose a plan first.',
    badSignature: 'The Stripe signature of this webhook does not match.',
    noSubscription: 'You do not pay for a plan yet: choose one to start.',
    paymentFailed: 'Your last payment failed: update your card under "Manage billing" before changing plan.',
    resumeFirst: 'Your subscription is set to end: resume it before changing plan.',
    doesNotFit: (plan: string, problems: string[]) => `Your account does not fit the ${plan} plan yet. ${problems.join(' ')}`,
    nothingScheduled: 'No plan change is scheduled.',
    nothingToResume: 'Your subscription is not set to end, so there is nothing to resume.',
  },
  idempotency: {
    invalidKey: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    reused: 'This Idempotency-Key was used for a different request. Use a new key for each new request.',
    inProgress: 'A request with this Idempotency-Key is still running. Retry after it has finished.',
  },
} as const;
