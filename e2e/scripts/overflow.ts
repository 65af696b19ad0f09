/**
 * Lists elements wider than a phone screen, per page (WIDTH=390 for another phone; 360 is the narrowest supported):
 *   npx tsx e2e/scripts/overflow.ts http://127.0.0.1:3000 admin:/admin :/docs student:/student/profile
 * e2e/tests/phone-width.e2e.test.ts asserts the same for the main screens of every role.
 */
import { launchBrowser } from '../src/harness';
import { DEMO_USERS, loginViaApi } from '../src/journeys';

const [base = 'http://127.0.0.1:3000', ...targets] = process.argv.slice(2);
const width = Number(process.env.WIDTH ?? 360);
const browser = await launchBrowser();
for (const target of targets) {
  const [role, path = '/'] = target.split(':');
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  if (role) await loginViaApi(context, base, role as keyof typeof DEMO_USERS);
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const report = await page.evaluate(`(() => {
    const out = [location.pathname + ' scrollWidth=' + document.documentElement.scrollWidth];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right + scrollX > innerWidth + 1 && r.width > 0) out.push(el.tagName + '.' + el.className + ' right=' + Math.round(r.right + scrollX));
    }
    return out.slice(0, 8).join('\\n');
  })()`);
  console.log(report);
  await context.close();
}
await browser.close();
