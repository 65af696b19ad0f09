/**
 * Each read model owns its queries (issue 11, item 2), proved over the whole repository:
 * - no SQL naming a read-model table appears outside its projection's module: `projectors/src/projections/X.ts`,
 *   `X.queries.ts` and `X.<anything>.ts` (its tests). SQL is a string or template literal naming the table after
 *   FROM, JOIN, INTO, UPDATE, TABLE, TRUNCATE or an index's ON (keywords in upper case, as all our SQL is written);
 *   the generic machinery (runner, rebuild, row sets, grade totals) names tables only through variables;
 * - one row type per table: each table has exactly one `TableSpec<Row>` (or `new GradeTotals('table')`), in its
 *   projection's module, and that row type is exported from the module and declared nowhere else on the server side
 *   (contracts excepted: their types describe the API).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as projections from './projections/index';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const projectionsDir = 'projectors/src/projections';
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', '.vitest-tmp']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith('.')) return [];
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
const parse = (path: string) => {
  let sf = parsed.get(path);
  if (!sf) {
    sf = ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(path, sf);
  }
  return sf;
};

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Every string and template literal of a file, with `${…}` holes as `$_`, and its line. */
function literals(sf: ts.SourceFile): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  walk(sf, (n) => {
    let text: string | undefined;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) text = n.text;
    else if (ts.isTemplateExpression(n)) text = n.head.text + n.templateSpans.map((s) => `$_${s.literal.text}`).join('');
    if (text !== undefined) out.push({ text, line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1 });
  });
  return out;
}

const IDENT = /^(?:ONLY\s+)?(?:(?:[a-z_][a-z0-9_]*|\$_)\.)?"?([a-z_][a-z0-9_]*)"?/;
/** FROM and TABLE may list several tables (`FROM a x, b y`, `DROP TABLE a, b`); the others name one. */
const CLAUSE = /\b(FROM|TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?|JOIN|INTO|UPDATE|TRUNCATE(?:\s+TABLE)?)\s+(?=([^;()]*))/g;
const INDEX_ON = /\bON\s+(?:ONLY\s+)?(?:(?:[a-z_][a-z0-9_]*|\$_)\.)?"?([a-z_][a-z0-9_]*)"?\s*(?:USING\s+\w+\s*)?\(/g;
const END_OF_LIST =
  /\b(?:WHERE|JOIN|LEFT|RIGHT|INNER|CROSS|FULL|GROUP|ORDER|LIMIT|ON|USING|SET|VALUES|RETURNING|UNION|FOR|WINDOW|HAVING|SELECT|AS\s+\()\b/;

/** The table names a piece of SQL names. */
function tablesNamed(sql: string): string[] {
  const names: string[] = [];
  for (const m of sql.matchAll(CLAUSE)) {
    const keyword = m[1]!;
    const rest = m[2]!;
    const many = keyword === 'FROM' || keyword.startsWith('TABLE');
    const items = many ? rest.split(END_OF_LIST)[0]!.split(',') : [rest];
    for (const item of items) {
      const name = IDENT.exec(item.trim())?.[1];
      if (name) names.push(name);
    }
  }
  for (const m of sql.matchAll(INDEX_ON)) names.push(m[1]!);
  return names;
}

/** Projection module (file name without `.ts`) → the projection it defines, from the imports of projections/index.ts. */
function projectionModules(): { module: string; name: string; tables: readonly string[] }[] {
  const index = parse(`${projectionsDir}/index.ts`);
  const moduleOf = new Map<string, string>();
  for (const st of index.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const bindings = st.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) moduleOf.set(el.name.text, st.moduleSpecifier.text.replace(/^\.\//, ''));
  }
  const exported = projections as Record<string, unknown>;
  return projections.allProjections.map((p) => {
    const binding = Object.keys(exported).find((k) => k !== 'allProjections' && exported[k] === p);
    const module = binding && moduleOf.get(binding);
    if (!module) throw new Error(`projection ${p.name}: export it by name from projections/index.ts, imported from its module`);
    return { module, name: p.name, tables: p.tables };
  });
}

const owners = projectionModules();
const ownerOf = new Map(owners.flatMap((o) => o.tables.map((t) => [t, o.module] as const)));
const ownedBy = (path: string, module: string) => {
  if (dirname(path) !== projectionsDir) return false;
  const base = path.slice(projectionsDir.length + 1);
  return base === `${module}.ts` || base.startsWith(`${module}.`);
};
const files = sourceFiles('');
const self = relative(root, fileURLToPath(import.meta.url));

describe('read-model ownership', () => {
  it('recognises the SQL that names a table', () => {
    expect(tablesNamed('SELECT u.x FROM users u JOIN courses c ON c.id = u.id WHERE 1')).toEqual(['users', 'courses']);
    expect(tablesNamed('DELETE FROM gr_history WHERE tenant = $1')).toEqual(['gr_history']);
    expect(tablesNamed('SELECT 1 FROM a x, b AS y WHERE true')).toEqual(['a', 'b']);
    expect(tablesNamed('INSERT INTO s.rubrics (tenant) VALUES ($1) ON CONFLICT (tenant) DO NOTHING')).toEqual(['rubrics']);
    expect(tablesNamed('CREATE TABLE IF NOT EXISTS textbooks (tenant text); CREATE INDEX IF NOT EXISTS t_i ON textbooks (tenant)')).toEqual(
      ['textbooks', 'textbooks'],
    );
    expect(tablesNamed('UPDATE ia_grades SET points = 1')).toEqual(['ia_grades']);
    expect(tablesNamed('Remove the student from courses and users')).toEqual([]);
    expect(tablesNamed('SELECT * FROM $_ WHERE true')).toEqual([]);
    expect(tablesNamed('SELECT count(*)::int AS n FROM $_.gr_history')).toEqual(['gr_history']);
  });

  it('every table belongs to exactly one projection', () => {
    const all = owners.flatMap((o) => o.tables);
    expect(all.filter((t, i) => all.indexOf(t) !== i)).toEqual([]);
  });

  it('no SQL names a read-model table outside its projection module', () => {
    const anyTable = new RegExp(`\\b(?:${[...ownerOf.keys()].join('|')})\\b`);
    const offenders: string[] = [];
    for (const path of files) {
      if (path === self || !anyTable.test(readFileSync(join(root, path), 'utf8'))) continue;
      for (const { text, line } of literals(parse(path))) {
        for (const table of new Set(tablesNamed(text))) {
          const owner = ownerOf.get(table);
          if (owner && !ownedBy(path, owner)) offenders.push(`${path}:${line} names ${table} (owned by ${projectionsDir}/${owner}.ts)`);
        }
      }
    }
    expect(offenders).toEqual([]);
    // Table names such as `conversations` and `textbooks` are common words: many files are parsed (seconds on a busy machine).
  }, 60_000);

  it('one row type per table: one TableSpec<Row> in the projection module, its Row exported there and declared once', () => {
    // contracts' types describe the API, not tables, and may share a name with a row type
    const server = files.filter((f) => !/^(ui|e2e|contracts)\//.test(f) && !/\.test\.tsx?$/.test(f));
    /** table → the row types its specs name, with where. */
    const specs = new Map<string, { row: string; path: string }[]>();
    /** exported type name → the files that declare it. */
    const declared = new Map<string, string[]>();
    for (const path of server) {
      if (!/\bexport (?:type|interface)\b|TableSpec|GradeTotals/.test(readFileSync(join(root, path), 'utf8'))) continue;
      walk(parse(path), (n) => {
        if (
          (ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) &&
          n.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        ) {
          declared.set(n.name.text, [...(declared.get(n.name.text) ?? []), path]);
        }
        if (
          ts.isVariableDeclaration(n) &&
          n.type &&
          ts.isTypeReferenceNode(n.type) &&
          n.type.typeName.getText() === 'TableSpec' &&
          n.initializer &&
          ts.isObjectLiteralExpression(n.initializer)
        ) {
          const row = n.type.typeArguments?.[0]?.getText() ?? '?';
          for (const prop of n.initializer.properties) {
            if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'table' && ts.isStringLiteralLike(prop.initializer)) {
              specs.set(prop.initializer.text, [...(specs.get(prop.initializer.text) ?? []), { row, path }]);
            }
          }
        }
        if (
          ts.isNewExpression(n) &&
          n.expression.getText() === 'GradeTotals' &&
          n.arguments?.[0] &&
          ts.isStringLiteralLike(n.arguments[0])
        ) {
          specs.set(n.arguments[0].text, [...(specs.get(n.arguments[0].text) ?? []), { row: 'GradeRow', path }]);
        }
      });
    }
    const problems: string[] = [];
    for (const { module, tables } of owners) {
      for (const table of tables) {
        const found = specs.get(table) ?? [];
        if (found.length !== 1) {
          problems.push(
            `${table}: ${found.length} TableSpec<Row> (or GradeTotals) declarations, expected 1 in ${projectionsDir}/${module}.ts`,
          );
          continue;
        }
        const { row, path } = found[0]!;
        if (!ownedBy(path, module)) problems.push(`${table}: its TableSpec is in ${path}, not in ${projectionsDir}/${module}.ts`);
        const where = declared.get(row) ?? [];
        if (row === 'GradeRow') continue;
        if (where.length !== 1)
          problems.push(
            `${table}: row type ${row} is exported by ${where.length} declarations (${where.join(', ') || 'none'}), expected 1`,
          );
        else if (!ownedBy(where[0]!, module))
          problems.push(`${table}: row type ${row} is declared in ${where[0]}, not in its projection module`);
      }
    }
    expect(problems).toEqual([]);
  });
});
