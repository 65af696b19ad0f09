import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type PassageHit } from '@evergrade/contracts';
import { AiProviderError, offlineAiProvider, type AiProvider } from '@evergrade/platform/ai';
import { answer, modelPrompt } from './engine';
import { bestSentences, chunksOf, extractiveAnswer, keyTerms, sentencesOf } from './extractive';

const hit = (passage_id: number, page: number, text: string, title = 'Cells and Life'): PassageHit => ({
  passage_id,
  textbook_id: 1,
  title,
  page,
  text,
  score: 1,
});

const hits = [
  hit(
    10_012_001,
    12,
    'The Cell\nThe cell is the basic unit of life. Every living organism is made of one or more cells. ' +
      'Cells take in nutrients and turn them into energy.',
  ),
  hit(10_014_001, 14, 'The nucleus holds the genetic material of the cell. It controls growth and reproduction of cells.'),
  hit(10_020_001, 20, 'Mitochondria release energy from food by cellular respiration. They are called the powerhouse of the cell.'),
];

describe('the extractive answer', () => {
  it('drops stop words and stems lightly', () => {
    expect(keyTerms('What are the cells made of?')).toEqual(['cell', 'made']);
    expect(keyTerms('Explain how mitochondria release energy')).toEqual(['mitochondria', 'release', 'energy']);
  });

  it('splits a passage into sentences, dropping headings and scraps', () => {
    expect(sentencesOf(hits[0]!.text)).toEqual([
      'The cell is the basic unit of life.',
      'Every living organism is made of one or more cells.',
      'Cells take in nutrients and turn them into energy.',
    ]);
  });

  it('quotes the sentences that answer the question, each with its book and page', () => {
    const quotes = bestSentences('How do mitochondria release energy?', hits);
    expect(quotes[0]).toEqual({
      text: 'Mitochondria release energy from food by cellular respiration.',
      citation: { textbookId: 1, title: 'Cells and Life', page: 20, passageId: 10_020_001 },
    });
    const whole = extractiveAnswer('How do mitochondria release energy?', hits, ['Cells and Life']);
    expect(whole.found).toBe(true);
    expect(whole.text).toContain('> "Mitochondria release energy from food by cellular respiration." — Cells and Life, p. 20');
    expect(whole.text.startsWith('From *Cells and Life*:')).toBe(true);
    expect(whole.sources.map((s) => s.page)).toContain(20);
  });

  it('writes nothing the passages do not say: every quoted line is a sentence of a passage', () => {
    const whole = extractiveAnswer('What does the nucleus of a cell hold?', hits, ['Cells and Life']);
    const quoted = [...whole.text.matchAll(/^> "(.*)" — (.*), p\. (\d+)$/gm)];
    expect(quoted.length).toBeGreaterThan(0);
    for (const [, sentence, title, page] of quoted) {
      const from = hits.find((h) => h.page === Number(page))!;
      expect(title).toBe(from.title);
      expect(from.text).toContain(sentence);
    }
    expect(quoted[0]![3]).toBe('14');
  });

  it('says it could not find it when no sentence has a key word of the question', () => {
    expect(extractiveAnswer('Who won the 1966 world cup?', hits, ['Cells and Life'])).toEqual({
      text: CHAT_MESSAGES.notFoundInBook('Cells and Life'),
      sources: [],
      found: false,
    });
  });

  it('cuts an answer into chunks that join back to it', () => {
    const text = extractiveAnswer('cells energy', hits, ['Cells and Life']).text;
    const chunks = chunksOf(text);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(text);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(80);
  });
});

const collect = () => {
  const chunks: string[] = [];
  return { chunks, emit: (c: string) => void chunks.push(c) };
};

/** A model that streams the given pieces, or fails after `failAfter` of them. */
const fakeModel = (pieces: string[], failAfter?: number): AiProvider & { seen: { system: string; user: string }[] } => {
  const seen: { system: string; user: string }[] = [];
  return {
    name: 'fake-model',
    offline: false,
    seen,
    complete: () => Promise.reject(new Error('not used')),
    async *stream(request) {
      seen.push({ system: request.system, user: request.user });
      for (const [i, p] of pieces.entries()) {
        if (failAfter !== undefined && i >= failAfter) throw new AiProviderError('AI provider answered 500: down', 500);
        yield p;
      }
      if (failAfter !== undefined && failAfter >= pieces.length) throw new AiProviderError('AI provider answered 500: down', 500);
    },
  };
};

describe('answer', () => {
  const base = { query: 'How do mitochondria release energy?', role: 'student' as const, titles: ['Cells and Life'], hits };

  it('offline: streams the extractive answer and names the provider offline', async () => {
    const { chunks, emit } = collect();
    const result = await answer({ ...base, ai: offlineAiProvider, signal: new AbortController().signal, emit });
    expect(result.provider).toBe('offline');
    expect(chunks.join('')).toBe(result.response);
    expect(result.response).toContain('p. 20');
    expect(result.sources[0]).toMatchObject({ page: 20 });
  });

  it('nothing retrieved: "I could not find this in {title}", no sources', async () => {
    const { chunks, emit } = collect();
    const result = await answer({ ...base, hits: [], ai: fakeModel(['x']), signal: new AbortController().signal, emit });
    expect(chunks.join('')).toBe(CHAT_MESSAGES.notFoundInBook('Cells and Life'));
    expect(result).toEqual({ response: CHAT_MESSAGES.notFoundInBook('Cells and Life'), sources: [], provider: 'offline' });
  });

  it('with a model: its pieces are the chunks, the prompt holds the passages with their pages, the sources are the passages', async () => {
    const ai = fakeModel(['Mitochondria ', 'release energy (Cells and Life, p. 20).']);
    const { chunks, emit } = collect();
    const result = await answer({ ...base, ai, signal: new AbortController().signal, emit });
    expect(chunks).toEqual(['Mitochondria ', 'release energy (Cells and Life, p. 20).']);
    expect(result).toMatchObject({ provider: 'fake-model', response: chunks.join('') });
    expect(result.fallbackReason).toBeUndefined();
    expect(result.sources.map((s) => s.page)).toEqual([12, 14, 20]);
    expect(ai.seen[0]!.user).toContain('[3] Cells and Life, p. 20:\nMitochondria release energy');
    expect(ai.seen[0]!.system).toContain('only from the numbered textbook passages');
    expect(ai.seen[0]!.system).toContain(CHAT_MESSAGES.notFoundInBook('Cells and Life'));
  });

  it('the model fails before writing: the extractive answer, provider offline, with the reason', async () => {
    const { emit } = collect();
    const result = await answer({ ...base, ai: fakeModel(['never'], 0), signal: new AbortController().signal, emit });
    expect(result.provider).toBe('offline');
    expect(result.fallbackReason).toBe('AI provider answered 500: down');
    expect(result.response).toContain('— Cells and Life, p. 20');
  });

  it('the model fails midway: what it wrote stays, the quotes follow, provider the model with the reason', async () => {
    const { chunks, emit } = collect();
    const result = await answer({ ...base, ai: fakeModel(['Mitochondria ', 'release'], 1), signal: new AbortController().signal, emit });
    expect(chunks[0]).toBe('Mitochondria ');
    expect(result.provider).toBe('fake-model');
    expect(result.fallbackReason).toContain('500');
    expect(result.response).toContain('— Cells and Life, p. 20');
  });

  it('a model that writes nothing within the first-piece wait gives way to the extractive answer', async () => {
    const slow: AiProvider = {
      name: 'slow-model',
      offline: false,
      complete: () => Promise.reject(new Error('not used')),
      async *stream(_request, options) {
        await new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
        yield 'late';
      },
    };
    const { emit } = collect();
    const result = await answer({ ...base, ai: slow, signal: new AbortController().signal, emit, firstPieceMs: 50 });
    expect(result.provider).toBe('offline');
    expect(result.fallbackReason).toBe('The model wrote nothing within 50 ms');
  });

  it('stops when its signal aborts: the response is what was sent', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    const result = await answer({
      ...base,
      query: 'cells energy nucleus mitochondria',
      ai: offlineAiProvider,
      signal: controller.signal,
      emit: (c) => {
        chunks.push(c);
        if (chunks.length === 2) controller.abort();
      },
    });
    expect(chunks).toHaveLength(2);
    expect(result.response).toBe(chunks.join(''));
  });

  it('asked about feedback: the graded question and its feedback go to the model', () => {
    const { user, system } = modelPrompt({
      ...base,
      context: {
        questionNumber: 2,
        question: 'Where is energy released?',
        answer: 'In the nucleus',
        feedback: 'No: in the mitochondria.',
        pointsObtained: 0,
        pointsPossible: 2,
      },
    });
    expect(user).toContain('question 2 of a graded assignment (0/2)');
    expect(user).toContain("The student's answer: In the nucleus");
    expect(user).toContain('Feedback given: No: in the mitochondria.');
    expect(system).toContain('do not change the grade');
  });
});
