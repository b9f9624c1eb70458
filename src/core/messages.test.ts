import { describe, expect, it } from 'vitest';
import { messages } from './messages';

// The spec's messages (sections 5 and 8, decisions D6), word for word.
describe('messages', () => {
  it.each([
    [messages.signup.companyNameRequired, 'Company name is required'],
    [messages.signup.ownerNameRequired, 'Owner name is required'],
    [messages.signup.emailRequired, 'Email is required'],
    [messages.signup.emailInvalid, 'Email is invalid'],
    [messages.signup.phoneRequired, 'Phone number is required'],
    [messages.signup.passwordRequired, 'Password is required'],
    [messages.password.tooShort(8), 'Password must be at least 8 characters'],
    [messages.signup.passwordsDoNotMatch, 'Passwords do not match'],
    [messages.signup.termsRequired, 'You must accept the Terms of Service and Privacy Policy'],
    [messages.signup.failed, 'An unexpected error occurred. Please try again.'],
    [messages.common.unexpected, 'An unexpected error occurred'],
    [messages.login.bothRequired, 'Please enter both email and password'],
    [messages.login.credentialsRequired, 'You must provide either an email or phone number and a password'],
    [messages.login.socialFailed, 'An error occurred with social login. Please try again.'],
    [messages.contact.requiredFields, 'Please fill in all required fields.'],
    [messages.contact.failed, 'Something went wrong. Please try again later.'],
    [messages.notify.emailInvalid, 'Please enter a valid email address'],
    [messages.notify.failed, 'There was an error submitting your email. Please try again.'],
    [messages.forgotPassword.emailRequired, 'Please enter your email address'],
    [messages.forgotPassword.emailInvalid, 'Please enter a valid email address'],
    [messages.forgotPassword.failed, 'An unexpected error occurred. Please try again.'],
    [messages.portal.searchTooShort, 'Please enter at least 2 characters to search'],
    [messages.portal.notFound, 'No project found. Please check your email/name or contact support.'],
    [messages.portal.unexpected, 'Unable to load project information. Please try again later.'],
    [messages.portal.statusUnknown, 'Status Unknown'],
    [messages.sheets.urlInvalid, 'Please enter a valid Google Sheets URL'],
    [messages.sheets.idNotFound, 'Invalid Google Sheets URL'],
    [messages.sheets.fetchFailed(403), 'Failed to fetch sheet data: 403'],
    [messages.sheets.analyzeFailed, 'Failed to analyze sheet'],
    [messages.sheets.analysisFailedTitle, 'Analysis Failed'],
    [messages.sheets.accessFailed('boom'), 'Failed to access spreadsheet: boom'],
    [messages.admin.settingsSaved, 'Settings saved successfully'],
    [messages.admin.settingsSaveFailed, 'Error saving settings. Please try again.'],
    [messages.admin.deleteBusinessConfirm, 'Are you sure you want to delete this business? This cannot be undone.'],
    [messages.admin.accessDenied, "You don't have permission to access this area. This section requires administrator privileges."],
    [messages.roi.lessThanOneMonth, 'Less than 1 month'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('column warnings carry the spec words', () => {
    expect(messages.columns.missingEmail).toContain('required for client portal access');
    expect(messages.columns.missingPriority).toContain("clients won't see queue position");
  });

  it('words the drop guard by what happened: fewer rows, or as many rows but other clients', () => {
    expect(messages.sync.dropNeedsConfirmation(7, 12, 5)).toBe(
      'This sync would remove 7 of your 12 clients (the sheet now has 5). More than half is a large drop, so nothing was changed; confirm to apply it.',
    );
    expect(messages.sync.dropNeedsConfirmation(5, 5, 12)).toBe(
      'This sync would remove 5 of your 5 clients: the sheet now has 12 clients, but not these (a different sheet or tab?). Replacing more than half is a large change, so nothing was changed; confirm to apply it.',
    );
    expect(messages.sync.dropNeedsConfirmation(7, 12, 5, 'file')).toBe(
      'This import would remove 7 of your 12 clients (the file has 5). More than half is a large drop, so nothing was changed; confirm to apply it.',
    );
    expect(messages.sync.dropNeedsConfirmation(5, 5, 12, 'file')).toBe(
      'This import would remove 5 of your 5 clients: the file has 12 clients, but not these (a different file?). Replacing more than half is a large change, so nothing was changed; confirm to apply it.',
    );
  });

  it('says how many due dates could not be read, and the first', () => {
    expect(messages.sync.unreadableDates(1, { row: 7, value: 'someday' })).toBe('1 due date could not be read and is kept as text (row 7, "someday")');
    expect(messages.sync.unreadableDates(3, { row: 6, value: 'TBD' })).toBe('3 due dates could not be read and are kept as text (first: row 6, "TBD")');
    expect(messages.sync.unreadableDates(1, { row: 2, value: 'x'.repeat(100) })).toBe(`1 due date could not be read and is kept as text (row 2, "${'x'.repeat(39)}…")`);
  });
});
