/** A failed AI call: the provider answered badly, not at all, or too late. Callers fall back or report it. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status the provider answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}
