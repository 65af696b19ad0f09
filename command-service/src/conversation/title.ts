import { CHAT_LIMITS, CHAT_MESSAGES } from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each explain few for from further give had has have having he her here hers ' +
    'how i if in into is it its itself just let me more most my myself no nor not now of off on once only or other our ours ' +
    'out over own please same she should so some such tell than that the their theirs them then there these they this those ' +
    'through to too under until up us very was we were what when where which while who whom why will with would you your ' +
    'yours describe define show help understand know want need using use find get make many much also mean means'
  ).split(' '),
);

/** Small words kept lower-case inside a title. */
const MINOR = new Set(['of', 'and', 'in', 'on', 'to', 'for', 'the', 'a', 'an', 'vs']);

const titleCase = (word: string) => (/^[a-z]/.test(word) ? word[0]!.toUpperCase() + word.slice(1) : word);

/** Cut at a word boundary to at most `max` characters. */
export function clip(text: string, max: number = CHAT_LIMITS.maxTitleChars): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : t.slice(0, max)).replace(/[\s,;:.\-–—]+$/, '');
}

/**
 * Offline: a title from the question's key words: stop words dropped, the first six content words kept (four at
 * least when the question has them), title case, at most 50 characters. A question of stop words only keeps its own
 * words; nothing at all gives 'New Chat'.
 */
export function offlineTitle(query: string): string {
  const words = query.match(/[\p{L}\p{N}][\p{L}\p{N}'’+-]*/gu) ?? [];
  const content = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()) && !(w.length === 1 && /\p{L}/u.test(w)));
  const picked = (content.length > 0 ? content : words).slice(0, 6);
  if (picked.length === 0) return CHAT_MESSAGES.newChatTitle;
  const title = picked.map((w, i) => (i > 0 && MINOR.has(w.toLowerCase()) ? w.toLowerCase() : titleCase(w))).join(' ');
  return clip(title) || CHAT_MESSAGES.newChatTitle;
}

/** A model's reply as a title: one line, no quotes or trailing full stop, at most 50 characters. */
export function cleanModelTitle(reply: string): string {
  const line = (reply.split('\n').find((l) => l.trim()) ?? '').trim();
  const bare = line
    .replace(/^(title\s*:\s*)/i, '')
    .replace(/^["'“”‘’*#\s]+|["'“”‘’*\s]+$/g, '')
    .replace(/\.$/, '');
  return clip(bare);
}

/** The AI provider's title when one is configured (falling back offline if it fails or says nothing), else offline. */
export async function generateTitle(ai: AiProvider, query: string): Promise<{ title: string; provider: string }> {
  if (!ai.offline) {
    try {
      const reply = await ai.complete({
        system:
          `You name a teacher's chat with a textbook assistant. Reply with a short title only (at most ${CHAT_LIMITS.maxTitleChars} ` +
          'characters, title case, no quotes, no full stop) saying what the first question is about.',
        user: query,
        maxTokens: 30,
        temperature: 0.2,
      });
      const title = cleanModelTitle(reply);
      if (title) return { title, provider: ai.name };
    } catch {
      // The offline title below.
    }
  }
  return { title: offlineTitle(query), provider: 'offline' };
}
