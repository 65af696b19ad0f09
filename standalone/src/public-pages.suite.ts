import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES, CSRF_COOKIE, PublicSiteSchema, TextbookSchema, type PublicSite } from '@evergrade/contracts';
import { readWavInfo } from '@evergrade/platform/speech';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs } from './testing/client';
import { ANSWERS, setUpSummaryClass } from './testing/summaries-class';

/**
 * The public pages' figures (GET /public/site) counted live from the read models, the operator's settings, and
 * speech (POST /chatbot/text-to-speech, /chatbot/guest-text-to-speech) as playable WAV, through the standalone server.
 */
export function publicPagesSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  const site = async (position: string | null = null): Promise<PublicSite> => {
    const res = await server.app.inject({ method: 'GET', url: '/public/site', headers: afterPosition(position) });
    expect(res.statusCode).toBe(200);
    return PublicSiteSchema.parse(res.json());
  };
  const speak = (url: string, payload: unknown, remoteAddress = '203.0.113.9') =>
    server.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /public/site', () => {
    it('answers anyone with the defaults when the operator set nothing: no landing page, no booking link, no accuracy', async () => {
      const s = await site();
      expect(s).toMatchObject({
        landing_page: false,
        booking_url: null,
        signup_url: '/instructor/signup',
        guest_daily_chats: CHAT_LIMITS.guestDailyChats,
      });
      expect(s.metrics.grading_accuracy).toBeNull();
      expect(s.metrics.grading_accuracy_source).toBeNull();
      expect(s.metrics.schools).toBeGreaterThanOrEqual(1);
      expect(s.metrics.teachers).toBeGreaterThanOrEqual(1);
    });

    it('counts new instructors, subjects and graded questions as they happen', async () => {
      const before = await site();
      const c = await setUpSummaryClass(server, 'SITE1');
      // Two instructors (one teaching SITE1) and the course's subject, Science.
      const joined = await site();
      expect(joined.metrics.teachers).toBe(before.metrics.teachers + 2);
      expect(joined.metrics.questions_graded).toBe(before.metrics.questions_graded);
      const { lines, position } = await c.submitAndGrade('asha', c.main, ANSWERS.full);
      const graded = await site(position);
      expect(graded.metrics.questions_graded).toBe(before.metrics.questions_graded + lines.length);
      expect(lines.length).toBe(3);
      expect(graded.metrics.schools).toBe(before.metrics.schools);
      // The same figures again (kept until a read model moves on).
      expect((await site()).metrics).toEqual(graded.metrics);
    });
  });

  describe('GET /chatbot/guest-textbooks', () => {
    it("lists the shared books that are ready, with their example queries, to anyone; never a school's own", async () => {
      const guest = await server.app.inject({ method: 'GET', url: '/chatbot/guest-textbooks' });
      expect(guest.statusCode).toBe(200);
      const books = TextbookSchema.array().parse(guest.json());
      const teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
      const all = TextbookSchema.array().parse((await teacher.get('/chatbot/list-textbooks')).json);
      expect(books).toEqual(all.filter((b) => b.shared && b.status === 'ready'));
    });
  });

  describe('speech', () => {
    it('reads text aloud for a guest as a WAV whose length grows with the text, formulas and markdown left out', async () => {
      const short = await speak('/chatbot/guest-text-to-speech', { text: 'The **cell** is the unit of life $x^2$.' });
      expect(short.statusCode).toBe(200);
      expect(short.headers['content-type']).toBe('audio/wav');
      expect(short.headers['x-speech-provider']).toBe('espeak-ng');
      const a = readWavInfo(short.rawPayload)!;
      expect(a).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
      const long = await speak('/chatbot/guest-text-to-speech', { text: 'The cell is the unit of life. '.repeat(5) });
      const b = readWavInfo(long.rawPayload)!;
      expect(b.durationMs).toBeGreaterThan(a.durationMs * 3);
      // Past the limit, the text is cut at a sentence end: a text ten times over the limit is not ten times as long.
      const huge = await speak('/chatbot/guest-text-to-speech', { text: 'The cell is the unit of life. '.repeat(600) });
      const c = readWavInfo(huge.rawPayload)!;
      const perChar = b.durationMs / ('The cell is the unit of life. '.length * 5);
      expect(c.durationMs).toBeLessThan(perChar * CHAT_LIMITS.speechMaxChars * 1.5);
    });

    it('refuses empty text, text with nothing to say and a missing body with 400', async () => {
      const empty = await speak('/chatbot/guest-text-to-speech', { text: '   ' }, '203.0.113.10');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain(CHAT_MESSAGES.speechTextRequired);
      const formula = await speak('/chatbot/guest-text-to-speech', { text: '$$x^2$$' }, '203.0.113.10');
      expect(formula.statusCode).toBe(400);
      expect(formula.json().message).toBe('There is nothing to read aloud in this text.');
      const none = await speak('/chatbot/guest-text-to-speech', {}, '203.0.113.10');
      expect(none.statusCode).toBe(400);
      const tooLong = await speak('/chatbot/guest-text-to-speech', { text: 'a'.repeat(20_001) }, '203.0.113.10');
      expect(tooLong.statusCode).toBe(400);
    });

    it('limits a guest to a number of texts a minute (429 with Retry-After)', async () => {
      const ip = '203.0.113.11';
      const statuses: number[] = [];
      for (let i = 0; i < 2 * CHAT_LIMITS.guestPerMinute + 1; i++)
        statuses.push((await speak('/chatbot/guest-text-to-speech', { text: '$x$' }, ip)).statusCode);
      expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
      const refused = await speak('/chatbot/guest-text-to-speech', { text: 'Hello.' }, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('reads aloud for a signed-in user only on the signed-in route', async () => {
      const anonymous = await speak('/chatbot/text-to-speech', { text: 'Hello there.' });
      expect(anonymous.statusCode).toBe(401);
      const student = await loginAs(server.app, 'student', 'student@demo.school');
      const res = await server.app.inject({
        method: 'POST',
        url: '/chatbot/text-to-speech',
        payload: { text: 'Hello there, student.' },
        headers: {
          cookie: Object.entries(student.cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
          'x-csrf-token': student.cookies[CSRF_COOKIE] ?? '',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(readWavInfo(res.rawPayload)!.durationMs).toBeGreaterThan(500);
    });
  });
}

/** The operator's settings reach the page as set (a server of its own, no demo school). */
export function publicSettingsSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  beforeAll(async () => {
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      seedDemo: false,
      site: {
        landingPage: true,
        bookingUrl: 'https://cal.example.org/evergrade',
        signupUrl: 'https://example.org/signup',
        guestDailyChats: 3,
        gradingAccuracy: 0.91,
      },
      ...(await open()),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the landing page flag, links, allowance and the operator-set accuracy', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/public/site' });
    expect(PublicSiteSchema.parse(res.json())).toEqual({
      landing_page: true,
      booking_url: 'https://cal.example.org/evergrade',
      signup_url: 'https://example.org/signup',
      guest_daily_chats: 3,
      metrics: {
        questions_graded: 0,
        teachers: 0,
        subjects: expect.any(Number),
        schools: 0,
        grading_accuracy: 0.91,
        grading_accuracy_source: 'operator',
      },
    });
  });
}
