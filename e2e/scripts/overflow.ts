import { launchBrowser } from '../src/harness';
import { loginViaApi } from '../src/journeys';
/** Lists elements wider than a phone screen: npx tsx e2e/scripts/overflow.ts BASE ROLE:PATH... */
const [base, ...targets] = process.argv.slice(2);
const b = await launchBrowser();
for (const target of targets) {
const [role, path] = target.split(':');
const c = await b.newContext({ viewport: { width: 390, height: 844 } });
if (role) await loginViaApi(c, base!, role as 'admin');
const p = await c.newPage();
await p.goto(base! + path!);
await p.waitForLoadState('networkidle');
await p.waitForTimeout(500);
console.log(await p.evaluate(() => {
  const out: string[] = [`${location.pathname} scrollWidth=${document.documentElement.scrollWidth}`];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > 392 && r.width > 0) out.push(`${el.tagName}.${(el as HTMLElement).className} right=${Math.round(r.right)}`);
  }
  return out.slice(0, 8).join('\n');
}));
await c.close();
}
await b.close();
