import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

let context: BrowserContext;
let page: Page;

const journey = useJourney();
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/instructor-assignments-${name}.png`, fullPage: true });
const title = () => page.getByTestId('assignment-title');
const question = (n: number) => page.getByTestId(`preview-question-${n}`);

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

describe('an instructor manages assignments', () => {
  it('sees the greeting, the tabs and the rows of the courses they teach', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByLabel('Hello, Grace').waitFor();
    const upcoming = page.getByRole('list', { name: 'Upcoming assignments' });
    await upcoming.getByRole('link', { name: 'Quadratic Equations' }).waitFor();
    expect(await upcoming.getByRole('link', { name: "Newton's Laws" }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /New Assignment/ }).getAttribute('href')).toBe('/instructor/assignments/new-assignment');
    await shot('list');
    await page.getByRole('tab', { name: /Past/ }).click();
    const past = page.getByRole('list', { name: 'Past assignments' });
    await past.getByRole('link', { name: 'Linear Functions Review' }).waitFor();
    expect(await past.getByTestId('status-badge').first().textContent()).toBe('Incomplete');
  });

  it('renames an assignment with Enter, and Esc cancels', async () => {
    await page.getByRole('tab', { name: /Upcoming/ }).click();
    await page.getByRole('link', { name: 'Quadratic Equations' }).click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    await expect.poll(() => title().textContent()).toBe('Quadratic Equations');
    await shot('detail');

    await page.getByRole('button', { name: 'Rename assignment' }).click();
    await page.getByRole('textbox', { name: 'Assignment title' }).fill('Quadratic Equations Two');
    await page.keyboard.press('Enter');
    await expect.poll(() => title().textContent()).toBe('Quadratic Equations Two');

    await page.getByRole('button', { name: 'Rename assignment' }).click();
    await page.getByRole('textbox', { name: 'Assignment title' }).fill('Something Else');
    await page.keyboard.press('Escape');
    await expect.poll(() => title().textContent()).toBe('Quadratic Equations Two');

    await page.reload();
    await expect.poll(() => title().textContent()).toBe('Quadratic Equations Two');
  });

  it("edits a question's marks and answer, saves, and the change survives a reload", async () => {
    await page.getByRole('button', { name: /Edit Assignment/ }).click();
    const marks = page.getByRole('spinbutton', { name: 'Marks for question 1' });
    await marks.fill('5');
    const answer = page.getByRole('textbox', { name: 'Answer for question 1' });
    await answer.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('The roots are two and three');
    await shot('edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: /Edit Assignment/ }).waitFor();
    await expect.poll(() => question(1).getByText('5 marks').count()).toBe(1);

    await page.reload();
    await expect.poll(() => question(1).getByText('5 marks').count()).toBe(1);
    await expect.poll(() => question(1).getByText('The roots are two and three').count()).toBe(1);
    await expect.poll(() => page.getByTestId('preview-total').textContent()).toContain('11');
  });

  it('cancel leaves the saved questions as they were', async () => {
    await page.getByRole('button', { name: /Edit Assignment/ }).click();
    await page.getByRole('spinbutton', { name: 'Marks for question 2' }).fill('9');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => question(2).getByText('3 marks').count()).toBe(1);
  });

  it('marks a flagged question as resolved', async () => {
    await page.getByRole('link', { name: 'Back to Assignments' }).click();
    await page.getByRole('link', { name: "Newton's Laws" }).click();
    await expect.poll(() => title().textContent()).toBe("Newton's Laws");
    const flag = page.getByTestId('flag-2');
    await flag.getByText(/The answer key gives 6 N/).waitFor();
    await shot('flag');
    await flag.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect.poll(() => page.getByTestId('flag-2').count()).toBe(0);
    await page.reload();
    await question(2).waitFor();
    expect(await page.getByTestId('flag-2').count()).toBe(0);
  });

  it('deletes an assignment after confirming, and it is gone for the student too', async () => {
    await page.getByRole('link', { name: 'Back to Assignments' }).click();
    await page.waitForURL(/\/instructor\/assignments$/);
    await page.getByRole('link', { name: 'Quadratic Equations Two' }).waitFor();
    await page.getByRole('button', { name: "Delete Newton's Laws" }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete "Newton\'s Laws"?').waitFor();
    expect(await dialog.getByText('This action cannot be undone.').count()).toBe(1);
    await shot('delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('link', { name: "Newton's Laws" }).count()).toBe(0);
    await page.reload();
    await page.getByRole('link', { name: 'Quadratic Equations Two' }).waitFor();
    expect(await page.getByRole('link', { name: "Newton's Laws" }).count()).toBe(0);

    const student = await (await journey.newContext()).newPage();
    await loginWithForm(student, DEMO_USERS.student, 'Student');
    await student.waitForURL('**/student/assignments');
    await student
      .getByRole('link', { name: /Quadratic Equations Two/ })
      .first()
      .waitFor();
    expect(await student.getByRole('link', { name: /Newton's Laws/ }).count()).toBe(0);
  });
});
