/**
 * The statuses a refusal may carry. Never 422: the spec's client reads every 401 and 422 as a lost session, so a
 * business refusal answered 422 would sign the user out (a broken upload, an unreachable URL). A request the
 * server cannot act on is 400, a missing thing 404, a conflict 409, a far server that failed 502.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/** Errors that carry their HTTP meaning; deciders and handlers throw them, the HTTP layer maps them. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: RefusalStatus,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends DomainError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(401, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
/** An expired or used code: the spec's 410. */
export class GoneError extends DomainError {
  constructor(message: string) {
    super(410, message);
  }
}
export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(429, message);
  }
}
