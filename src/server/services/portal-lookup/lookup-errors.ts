import { messages } from '@core/messages';
import { portalTexts } from '@core/portal-texts';
import { AppError, NotFoundError, UnavailableError } from '../../errors';

/** 404 for every miss: unknown portal, unknown client, removed client, wrong or revoked token (D3: "not found" is uniform). */
export const notFound = () => new NotFoundError(messages.portal.notFound, 'not_found');
/** The business is suspended, or its unpaid grace is over. */
export const portalUnavailable = () => new UnavailableError(portalTexts.unavailable, 'portal_unavailable');
/** 401 for a card session that is forged, expired, of another portal, or for a client id that changed hands. */
export const sessionExpired = () => new AppError(401, 'session_expired', portalTexts.sessionExpired);
