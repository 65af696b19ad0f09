/** Errors that carry their HTTP meaning; deciders and handlers throw them, the HTTP layer maps them. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends DomainError {
  constructor(message: string, field?: string) { super(400, message, field); }
}
export class UnauthorizedError extends DomainError {
  constructor(message: string) { super(401, message); }
}
export class ForbiddenError extends DomainError {
  constructor(message: string) { super(403, message); }
}
export class NotFoundError extends DomainError {
  constructor(message: string) { super(404, message); }
}
export class ConflictError extends DomainError {
  constructor(message: string) { super(409, message); }
}
/** An expired or used code: the spec's 410. */
export class GoneError extends DomainError {
  constructor(message: string) { super(410, message); }
}
export class TooManyRequestsError extends DomainError {
  constructor(message: string) { super(429, message); }
}
