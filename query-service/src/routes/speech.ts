import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS, CHAT_MESSAGES, DomainError, TooManyRequestsError, ValidationError, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { RateRule } from '@evergrade/platform/rate-limit';
import { SpeechBusyError, speakableText, type SpeechSynthesizer } from '@evergrade/platform/speech';
import type { QueryServiceDeps } from '../context';

/** Texts read aloud per minute: a signed-in user's, and a guest's (per client address). */
export const SPEECH_LIMITS = {
  user: { limit: CHAT_LIMITS.userPerMinute, windowMs: 60_000 },
  guest: { limit: 2 * CHAT_LIMITS.guestPerMinute, windowMs: 60_000 },
} satisfies Record<string, RateRule>;

export const SPEECH_MESSAGES = {
  tooMany: (seconds: number) => `Too many texts read aloud. Please try again in ${seconds} seconds.`,
  nothingToSay: 'There is nothing to read aloud in this text.',
  unavailable: 'Reading aloud is not available just now. Please try again in a moment.',
  busy: (seconds: number) => `Reading aloud is busy just now. Please try again in ${seconds} seconds.`,
} as const;

/** Retry-After of a refusal while the synthesizer's queue is full. */
const BUSY_RETRY_S = 5;

/**
 * Speech of an answer (issue 13): `POST /chatbot/text-to-speech` for signed-in users and
 * `/chatbot/guest-text-to-speech` for the landing page's guests, audio/wav of the text with formulas, markdown
 * and citations stripped and at most CHAT_LIMITS.speechMaxChars characters. Each caller is rate-limited.
 */
export function speechRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { speech, limiter } = deps;
  if (!speech || !limiter) return;
  registerRoute(app, deps.sessions, routes.textToSpeech, async (request, reply) => {
    const s = sessionOf(request);
    await limit(deps, reply, `speech:user:${s.tenant}:${s.userId}`, SPEECH_LIMITS.user);
    return speak(speech, request, reply);
  });
  registerRoute(app, deps.sessions, routes.guestTextToSpeech, async (request, reply) => {
    await limit(deps, reply, `speech:guest:${request.ip}`, SPEECH_LIMITS.guest);
    return speak(speech, request, reply);
  });
}

async function limit(deps: QueryServiceDeps, reply: FastifyReply, key: string, rule: RateRule): Promise<void> {
  const decision = await deps.limiter!.hit(key, rule, new Date());
  if (decision.allowed) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  throw new TooManyRequestsError(SPEECH_MESSAGES.tooMany(seconds));
}

async function speak(speech: SpeechSynthesizer, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { text } = request.body as { text: string };
  const spoken = speakableText(text, CHAT_LIMITS.speechMaxChars);
  if (!/[\p{L}\p{N}]/u.test(spoken))
    throw new ValidationError(text.trim() ? SPEECH_MESSAGES.nothingToSay : CHAT_MESSAGES.speechTextRequired, 'text');
  try {
    const { wav, provider } = await speech.synthesize(spoken);
    return reply.type('audio/wav').header('cache-control', 'no-store').header('x-speech-provider', provider).send(wav);
  } catch (err) {
    // Every synthesizer slot is taken: the caller is asked to come back, as a rate limit would (a 429, not a 5xx).
    if (err instanceof SpeechBusyError) {
      reply.header('retry-after', String(BUSY_RETRY_S));
      throw new TooManyRequestsError(SPEECH_MESSAGES.busy(BUSY_RETRY_S));
    }
    request.log.warn({ err }, 'speech synthesis failed');
    throw new DomainError(503, SPEECH_MESSAGES.unavailable);
  }
}
