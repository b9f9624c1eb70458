import { AppError } from '../../errors';

/** Reads a Google Sheet's tab as CSV bytes. Behind this interface so tests and other sources can stand in. */
export interface SheetSource {
  /** The tab's CSV export. Throws SheetFetchError with a message fit to show the business. */
  fetchCsv(sheetId: string, gid: string | null): Promise<Buffer>;
}

export type SheetFetchFailure = 'http' | 'private' | 'not_csv' | 'too_large' | 'timeout' | 'unreachable';

/**
 * A sheet could not be read. `http` (Google answered 404, 500...) reads 'Failed to fetch sheet data: {status}';
 * the others read 'Failed to access spreadsheet: {reason}' (spec 8).
 */
export class SheetFetchError extends AppError {
  constructor(
    readonly failure: SheetFetchFailure,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(failure === 'http' || failure === 'timeout' || failure === 'unreachable' ? 502 : 422, `sheet_${failure}`, message);
  }
}
