/**
 * A projection only ever sees the event types it declares in `handles` (projection.ts drops the others before `load`),
 * so a type its module reads but forgot to declare would be silently ignored. This proves, for every projection module,
 * that each event type named in it (a string literal equal to a domain event's type) is in its `handles`, and that
 * `handles` names only real event types.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DomainEventSchema } from '@evergrade/contracts';
import type { Projection } from './projection';
import { allProjections } from './projections/index';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'projections');
const EVENT_TYPES = new Set<string>(DomainEventSchema.options.map((o) => o.shape.type.value));

const modules = readdirSync(dir).filter((f) => /^[a-z-]+\.ts$/.test(f) && f !== 'index.ts');

/** Every string literal in the file that is an event type's name. */
function eventTypesNamedIn(file: string): Set<string> {
  const sf = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && EVENT_TYPES.has(node.text)) found.add(node.text);
    node.forEachChild(visit);
  };
  visit(sf);
  return found;
}

describe('each projection declares the event types it reads', () => {
  it('finds the projection modules and a projection in each (grade-totals is a helper)', async () => {
    const owners = new Set<string>();
    for (const file of modules) {
      const exported = Object.values(await import(/* @vite-ignore */ `./projections/${file}`)) as unknown[];
      if (exported.some((v) => allProjections.includes(v as never))) owners.add(file);
    }
    expect(owners.size).toBe(allProjections.length);
  });

  for (const file of modules) {
    it(`${file}: every event type it names is handled`, async () => {
      const exported = Object.values(await import(/* @vite-ignore */ `./projections/${file}`)) as unknown[];
      const own = exported.filter((v): v is Projection => allProjections.includes(v as never));
      const helpers =
        file === 'grade-totals.ts' ? allProjections.filter((p) => ['instructor-assignments', 'student-assignments'].includes(p.name)) : [];
      for (const p of [...own, ...helpers]) {
        const handles = p.handles!;
        expect(handles, `${p.name} declares handles`).toBeDefined();
        const missing = [...eventTypesNamedIn(file)].filter((t) => !handles.has(t));
        expect(missing, `${p.name} reads these types but does not declare them`).toEqual([]);
        expect(
          [...handles].filter((t) => !EVENT_TYPES.has(t)),
          `${p.name} declares types that are no events`,
        ).toEqual([]);
      }
    });
  }
});
