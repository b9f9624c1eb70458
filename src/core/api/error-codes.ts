// Error codes the web app tells apart (`{ error: { code } }`): the server throws them and the web compares them,
// both with these constants. No zod here: the client portal's small bundle imports this file.

/** 409: the sync would remove more clients than the large-drop guard allows; confirm to apply (decision 0022). */
export const CONFIRM_DROP_ERROR = 'confirm_drop';

/** 404 of the card preview: the portal has no client to show yet. */
export const NO_CLIENTS_ERROR = 'no_clients';

/** 503 while the platform is in maintenance; the pages show their maintenance view. */
export const MAINTENANCE_ERROR = 'maintenance';

/** Why a Google Sheet could not be read; the error code is `sheet_{failure}` (sheetErrorCode). */
export const sheetFetchFailures = ['not_found', 'http', 'private', 'not_csv', 'too_large', 'timeout', 'unreachable'] as const;
export type SheetFetchFailure = (typeof sheetFetchFailures)[number];

/** The error code of a sheet that could not be read: the wizard gives the tips that fit the failure. */
export const sheetErrorCode = <F extends SheetFetchFailure>(failure: F) => `sheet_${failure}` as const;
