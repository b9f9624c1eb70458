import { sheetErrorCode, type SheetFetchFailure } from '@core/api/error-codes';
import { AppError } from '../../errors';

/** Reads a Google Sheet's tab as CSV bytes. Behind this interface so tests and other sources can stand in. */
export interface SheetSource {
  /** The tab's CSV export. Throws SheetFetchError with a message fit to show the business. */
  fetchCsv(sheetId: string, gid: string | null): Promise<Buffer>;
}

export type { SheetFetchFailure } from '@core/api/error-codes';

/**
 * A sheet could not be read. `not_found` (Google answered 404 or 410) and `http` (500, 429...) read 'Failed to
 * fetch sheet data: {status}'; the others read 'Failed to access spreadsheet: {reason}' (spec 8). The code
 * (`sheet_{failure}`) lets the wizard give the tips that fit: a missing sheet is not a sharing problem.
 */
export class SheetFetchError extends AppError {
  constructor(
    readonly failure: SheetFetchFailure,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(failure === 'not_found' || failure === 'http' || failure === 'timeout' || failure === 'unreachable' ? 502 : 422, sheetErrorCode(failure), message);
  }
}
