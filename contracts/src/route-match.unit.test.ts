import { describe, expect, it } from 'vitest';
import { API_PREFIXES, isApiPath, SPEC_API_PREFIXES, wantsAppPage } from './route-match';
import { routes } from './routes/index';

describe('API paths and app pages', () => {
  it("takes the API's prefixes from the route table and the spec", () => {
    for (const r of Object.values(routes)) expect(API_PREFIXES.has(r.path.split('/')[1]!), r.path).toBe(true);
    for (const p of SPEC_API_PREFIXES) expect(API_PREFIXES.has(p)).toBe(true);
    // The app's own sections are not the API's (the admin console shares /admin with the admin API).
    for (const page of ['student', 'instructor', 'login', 'docs', 'calendar', 'forgot-password', ''])
      expect(API_PREFIXES.has(page), page).toBe(false);
  });

  it('reads the first segment only: /students is the API, /student and /studentsx are pages', () => {
    expect(isApiPath('/students/get-timetable')).toBe(true);
    expect(isApiPath('/students')).toBe(true);
    expect(isApiPath('/student/assignments')).toBe(false);
    expect(isApiPath('/studentsx')).toBe(false);
  });

  it('gives the app only to a GET or HEAD outside the API that does not ask for JSON; under /admin to a navigation', () => {
    expect(wantsAppPage('GET', '/student/assignments', '*/*')).toBe(true);
    expect(wantsAppPage('HEAD', '/login')).toBe(true);
    expect(wantsAppPage('GET', '/login', 'application/json')).toBe(false);
    expect(wantsAppPage('POST', '/login', 'text/html')).toBe(false);
    expect(wantsAppPage('GET', '/chatbot/anything', 'text/html')).toBe(false);
    expect(wantsAppPage('GET', '/grader/x', '*/*')).toBe(false);
    expect(wantsAppPage('GET', '/admin/people', 'text/html,application/xhtml+xml')).toBe(true);
    expect(wantsAppPage('GET', '/admin/people', '*/*')).toBe(false);
    // The analyst's Reports page (/analyst) opened in a new tab is the app's, beside the analyst API.
    expect(wantsAppPage('GET', '/analyst', 'text/html,application/xhtml+xml')).toBe(true);
    expect(wantsAppPage('GET', '/analyst', '*/*')).toBe(false);
  });
});
