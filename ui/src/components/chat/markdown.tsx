import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { formulaHtml, useKatex } from './katex-loader';

/**
 * The light markdown of assistant replies: paragraphs, **bold**, *italic*, `code`, bullet and numbered lists,
 * "> " quotations (the offline answers quote the book), with $inline$ and $$display$$ math typeset by KaTeX.
 * Text is never put into the page as HTML; only KaTeX's own output is.
 */

type Block =
  { kind: 'p'; text: string } | { kind: 'quote'; blocks: Block[] } | { kind: 'ul' | 'ol'; items: string[] } | { kind: 'math'; tex: string };

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;
const QUOTE = /^\s*>\s?/;

/** Whether a text holds math KaTeX should typeset. */
export function hasMath(text: string): boolean {
  return /\$\$[\s\S]+?\$\$|\$(?!\s)[^$\n]+?(?<!\s)\$/.test(text);
}

function linesToBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(lines[i++]!.replace(QUOTE, ''));
      blocks.push({ kind: 'quote', blocks: linesToBlocks(inner) });
      continue;
    }
    const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (list) {
      const items: string[] = [];
      while (i < lines.length && list.test(lines[i]!)) items.push(lines[i++]!.replace(list, ''));
      blocks.push({ kind: list === BULLET ? 'ul' : 'ol', items });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !QUOTE.test(lines[i]!) && !BULLET.test(lines[i]!) && !NUMBERED.test(lines[i]!))
      para.push(lines[i++]!);
    blocks.push({ kind: 'p', text: para.join('\n') });
  }
  return blocks;
}

/** Blocks of a reply: display math ($$...$$, possibly over several lines) first, then the text between by lines. */
export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const display = /\$\$([\s\S]+?)\$\$/g;
  let last = 0;
  for (const m of text.matchAll(display)) {
    blocks.push(...linesToBlocks(text.slice(last, m.index).split('\n')));
    blocks.push({ kind: 'math', tex: m[1]!.trim() });
    last = m.index + m[0].length;
  }
  blocks.push(...linesToBlocks(text.slice(last).split('\n')));
  return blocks;
}

const INLINE = /\$(?!\s)([^$\n]+?)(?<!\s)\$|\*\*([^*]+?)\*\*|`([^`\n]+?)`|(?<![*\w])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![*\w])/g;

/** The formulas typeset so far (those of the last typeset text); null: all of them. */
const Typeset = createContext<Set<string> | null>(null);

/** The formulas of a text, as typeset keys. */
export function formulasOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\$\$([\s\S]+?)\$\$/g)) out.add(`B${m[1]!.trim()}`);
  for (const m of text.replace(/\$\$[\s\S]+?\$\$/g, ' ').matchAll(INLINE)) if (m[1] !== undefined) out.add(`I${m[1]}`);
  return out;
}

function Formula({ tex, display }: { tex: string; display: boolean }) {
  const typeset = useContext(Typeset);
  const allowed = !typeset || typeset.has(`${display ? 'B' : 'I'}${tex}`);
  const katex = useKatex(allowed);
  if (!katex || !allowed)
    return (
      <code className="chat-math-pending" data-testid="math-pending">
        {tex}
      </code>
    );
  const Tag = display ? 'div' : 'span';
  return (
    <Tag
      className={display ? 'chat-math chat-math-display' : 'chat-math'}
      dangerouslySetInnerHTML={{ __html: formulaHtml(katex, tex, display) }}
    />
  );
}

function Inline({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  const plain = (s: string) => {
    // keep the reply's own line breaks inside a paragraph
    s.split('\n').forEach((part, i) => {
      if (i > 0) out.push(<br key={key++} />);
      if (part) out.push(part);
    });
  };
  for (const m of text.matchAll(INLINE)) {
    plain(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<Formula key={key++} tex={m[1]} display={false} />);
    else if (m[2] !== undefined) out.push(<strong key={key++}>{m[2]}</strong>);
    else if (m[3] !== undefined) out.push(<code key={key++}>{m[3]}</code>);
    else if (m[4] !== undefined) out.push(<em key={key++}>{m[4]}</em>);
    last = m.index + m[0].length;
  }
  plain(text.slice(last));
  return <>{out}</>;
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'p':
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case 'quote':
      return (
        <blockquote>
          {block.blocks.map((b, i) => (
            <BlockView key={i} block={b} />
          ))}
        </blockquote>
      );
    case 'ul':
    case 'ol': {
      const List = block.kind;
      return (
        <List>
          {block.items.map((item, i) => (
            <li key={i}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'math':
      return <Formula tex={block.tex} display />;
  }
}

/**
 * `typesetText`: while a reply streams, the text as of its last typesetting (at most once a second): only the
 * formulas it holds are typeset, newer ones show as their source until the next typesetting.
 */
export function Markdown({ text, typesetText }: { text: string; typesetText?: string }) {
  const typeset = useMemo(() => (typesetText === undefined ? null : formulasOf(typesetText)), [typesetText]);
  const blocks = useMemo(() => parseBlocks(text), [text]);
  return (
    <Typeset.Provider value={typeset}>
      <div className="chat-md">
        {blocks.map((b, i) => (
          <BlockView key={i} block={b} />
        ))}
      </div>
    </Typeset.Provider>
  );
}
