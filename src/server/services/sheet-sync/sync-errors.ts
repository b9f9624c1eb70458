import { AppError, ConflictError } from '../../errors';
import { messages } from '@core/messages';
import { CONFIRM_DROP_ERROR } from '@core/api/error-codes';

/** The data cannot be imported as it is (a required column missing, a duplicate client id, no usable mapping). */
export class ImportInvalidError extends AppError {
  constructor(message: string, code = 'import_invalid') {
    super(422, code, message);
  }
}

/** More than half of the clients would be removed; nothing was changed until the business confirms. */
export class DropNeedsConfirmationError extends AppError {
  constructor(message: string) {
    super(409, CONFIRM_DROP_ERROR, message);
  }
}

/** Another sync of the same portal holds the lease. */
export class SyncInProgressError extends ConflictError {
  constructor() {
    super(messages.sync.alreadyRunning, 'sync_in_progress');
  }
}
