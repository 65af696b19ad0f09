import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginViaApi, loginWithForm } from '../src/journeys';

/**
 * A student's regrade request (issue 14 item 7): the demo student answers "Newton's Laws" online and the instructor
 * grades it (through the API: the subject is what follows). In the browser the student asks for a regrade of question
 * 1 with a reason; the instructor's notification opens the assignment's Regrade requests, where they accept it with a
 * new mark and a reply; the student's notification menu shows the outcome live (no reload), and its link opens the question
 * with the reply and the new mark.
 */
let student: Page;
let instructor: Page;
let assignmentId: number;
const journey = useJourney();
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `e2e/screenshots/regrade-requests-${name}.png`, fullPage });

async function headersOf(ctx: BrowserContext) {
  const csrf = (await ctx.cookies()).find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';
  return { 'x-tenant': 'demo', 'x-csrf-token': csrf };
}

/** The student submits Newton's Laws; the instructor grades it offline. */
async function submitAndGrade() {
  const base = journey.server.url;
  const ctx = await journey.newContext();
  await loginViaApi(ctx, base, 'student');
  let headers = await headersOf(ctx);
  const list = (await (await ctx.request.get(`${base}/students/get-assignments`, { headers })).json()) as Record<
    string,
    { assignment_id: number; title: string }
  >;
  assignmentId = Object.values(list).find((a) => a.title === "Newton's Laws")!.assignment_id;
  const sheet = (await (
    await ctx.request.post(`${base}/students/get-assignment-questions`, { headers, data: { assignment_id: assignmentId } })
  ).json()) as {
    questions: { question_id: number; question_number: number }[];
  };
  const ids = [...sheet.questions].sort((a, b) => a.question_number - b.question_number).map((q) => q.question_id);
  const submitted = await ctx.request.post(`${base}/students/submit-assignment`, {
    headers,
    data: { assignment_id: assignmentId, responses: { [ids[0]!]: 'Heavier things fall faster.', [ids[1]!]: '6 N' } },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const studentId = ((await (await ctx.request.get(`${base}/students/get-student`, { headers })).json()) as { studentId: number })
    .studentId;
  await ctx.clearCookies();
  await loginViaApi(ctx, base, 'instructor');
  headers = await headersOf(ctx);
  const graded = await ctx.request.post(`${base}/grader/grade-submission`, {
    headers,
    data: { assignment_id: assignmentId, student_id: studentId },
  });
  const text = await graded.text();
  expect(graded.status(), text).toBe(200);
  expect(text).toContain('"status":"complete"');
  await ctx.close();
}

beforeAll(async () => {
  await submitAndGrade();
  student = await (await journey.newContext()).newPage();
  instructor = await (await journey.newContext()).newPage();
});

describe("a student's regrade request, answered by the instructor", () => {
  it('the student asks for a regrade of a graded question with a reason', async () => {
    await loginWithForm(student, DEMO_USERS.student, 'Student');
    await student.waitForURL('**/student/**');
    await student.goto(`/student/assignments/${assignmentId}`);
    const q1 = student.locator('.question-card').first();
    await q1.getByRole('button', { name: 'Request a regrade' }).click();
    const dialog = student.getByRole('dialog');
    await dialog
      .getByLabel('Why should this question be regraded?')
      .fill('I described inertia: objects keep their motion unless a force acts.');
    await shot(student, 'ask', false);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await q1.getByText('Regrade requested: waiting for your teacher').waitFor();
    expect(await student.getByRole('button', { name: 'Notifications' }).count()).toBe(1);
    await shot(student, 'requested');
  });

  it('the instructor sees it in the queue and accepts it with a new mark and a reply', async () => {
    await loginWithForm(instructor, DEMO_USERS.instructor, 'Instructor');
    await instructor.waitForURL('**/instructor/assignments');
    // The instructor's bell has the request; its link opens the assignment's Regrade requests tab.
    await instructor.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const told = instructor.locator('.notification').first();
    expect(await told.textContent()).toContain("Regrade request: Question 1 of Newton's Laws");
    await told.click();
    await instructor.waitForURL(new RegExp(`/instructor/assignments/${assignmentId}#regrade-requests$`));
    expect(await instructor.getByRole('tab', { name: /Regrade requests/ }).getAttribute('aria-selected')).toBe('true');
    const card = instructor.locator('.rq-card').first();
    await card.getByText('I described inertia: objects keep their motion unless a force acts.').waitFor();
    expect(await card.getByText('Open', { exact: true }).count()).toBe(1);
    await shot(instructor, 'queue');
    await card.getByLabel('Accept with a new mark').check();
    await card.getByLabel(/New mark/).fill('1');
    await card.getByLabel('Reply to the student').fill('Fair point: inertia is the idea. One mark.');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await card.getByText('Accepted', { exact: true }).waitFor();
    await instructor.getByText('No open regrade requests').waitFor();
    await shot(instructor, 'resolved');
  });

  it('the student is notified live and the link opens the outcome', async () => {
    await student.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor({ timeout: 15_000 });
    await student.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const item = student.locator('.notification').first();
    expect(await item.textContent()).toContain("Regrade request accepted: Question 1 of Newton's Laws");
    expect(await item.textContent()).toContain('Fair point: inertia is the idea. One mark.');
    await shot(student, 'notification', false);
    await item.click();
    await student.waitForURL(/#question-\d+$/);
    const status = student.locator('.question-card').first().locator('.regrade-status');
    await status.getByText('Regrade accepted').waitFor();
    expect(await status.textContent()).toContain('Fair point: inertia is the idea. One mark.');
    expect(await status.textContent()).toMatch(/Your mark changed from \d+(\.\d+)? to 1 of/);
    await student.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await shot(student, 'outcome');
  });

  it("the admin's grade audit shows the request and its resolution in the mark's history", async () => {
    const admin = await (await journey.newContext()).newPage();
    await loginWithForm(admin, DEMO_USERS.admin, 'Admin');
    await admin.waitForURL(/\/admin$/);
    await admin.goto('/admin/audit');
    await admin.getByTestId('audit-results').waitFor({ timeout: 15_000 });
    await admin.getByLabel('Student').selectOption({ label: 'Ada Lovelace' });
    await admin.getByLabel('Assignment').selectOption({ label: "Newton's Laws (PHYS10)" });
    const accepted = admin.getByTestId('audit-results').getByRole('row').filter({ hasText: 'Regrade request accepted by' });
    await accepted.waitFor({ timeout: 10_000 });
    expect(await accepted.textContent()).toContain('0 → 1');
    await accepted.getByRole('button', { name: /^History of Ada Lovelace's question 1/ }).click();
    const entries = admin.getByTestId('grade-history').getByTestId('history-entry');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(4);
    const texts = await entries.allTextContents();
    const asked = texts.find((t) => t.includes('Regrade requested by the student'))!;
    expect(asked).toContain("Student's reason");
    expect(asked).toContain('I described inertia');
    const resolved = texts.find((t) => t.includes('Regrade request accepted by'))!;
    expect(resolved).toContain('0 → 1');
    expect(resolved).toContain('Fair point: inertia is the idea. One mark.');
    await admin.screenshot({ path: 'e2e/screenshots/regrade-requests-audit.png', fullPage: true });
    await admin.context().close();
  });

  it('reads at 360 px and in the dark theme', async () => {
    for (const page of [student, instructor]) {
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await page.setViewportSize({ width: 360, height: 780 });
      await page.reload();
    }
    await student.locator('.regrade-status').first().getByText('Regrade accepted').waitFor();
    await student.locator('.regrade-status').first().scrollIntoViewIfNeeded();
    await shot(student, 'outcome-360-dark', false);
    await student.getByRole('button', { name: 'Notifications', exact: true }).click();
    await student.locator('.notification').first().waitFor();
    await student.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const panel = await student.locator('.notifications-menu .menu-popover').boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(360);
    await shot(student, 'notification-360-dark', false);
    await instructor.getByRole('button', { name: 'View Submissions' }).click();
    await instructor.getByRole('tab', { name: /Regrade requests/ }).click();
    await instructor.locator('.rq-card').first().waitFor();
    await shot(instructor, 'queue-360-dark');
    const overflow = await instructor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
