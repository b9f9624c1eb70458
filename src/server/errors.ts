import { PLAN_FEATURE_ERROR, planFeatureMessage, type PlanFeature } from '@core/plan-features';

/** The few error classes services throw; mapped once to `{ error: { code, message } }` by the error handler. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
export class ValidationError extends AppError {
  constructor(message: string, code = 'validation_error') {
    super(400, code, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, 'unauthorized', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "You don't have permission to do that.", code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code = 'not_found') {
    super(404, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}
export class LimitExceededError extends AppError {
  constructor(message: string, retryAfterSeconds?: number, code = 'rate_limited') {
    super(429, code, message, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});
  }
}
export class UnavailableError extends AppError {
  constructor(message: string, code = 'unavailable') {
    super(503, code, message);
  }
}

/** A feature outside the business's plan (D12): 403 `plan_feature`, the message naming the plan to upgrade to. */
export class PlanFeatureError extends ForbiddenError {
  constructor(readonly feature: PlanFeature) {
    super(planFeatureMessage(feature), PLAN_FEATURE_ERROR);
  }
}
