import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { parseRichText, type SerializedRichNode } from '@evergrade/contracts';
import { initialStateJson } from '../utils/editor-state';
import { renderFormula } from '../utils/katex';
import { imageObjectUrl } from '../utils/upload';
import 'katex/dist/katex.min.css';
import '../styles/editor.css';

/** Lexical's text format bits. */
const FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8, code: 16, subscript: 32, superscript: 64 } as const;

function Text({ node }: { node: SerializedRichNode }) {
  const format = typeof node.format === 'number' ? node.format : 0;
  let out: ReactNode = String(node.text ?? '');
  if (format & FORMAT.code) out = <code className="rte-code">{out}</code>;
  if (format & FORMAT.subscript) out = <sub>{out}</sub>;
  if (format & FORMAT.superscript) out = <sup>{out}</sup>;
  if (format & FORMAT.strikethrough) out = <s>{out}</s>;
  if (format & FORMAT.underline) out = <u>{out}</u>;
  if (format & FORMAT.italic) out = <em>{out}</em>;
  if (format & FORMAT.bold) out = <strong>{out}</strong>;
  return <>{out}</>;
}

function StaticImage({ node }: { node: SerializedRichNode }) {
  const src = String(node.src ?? '');
  const alt = String(node.altText ?? '');
  const [url, setUrl] = useState<string | null | false>(null);
  useEffect(() => {
    let live = true;
    imageObjectUrl(src).then(
      (u) => live && setUrl(u),
      () => live && setUrl(false),
    );
    return () => {
      live = false;
    };
  }, [src]);
  const width = Number(node.width) || undefined;
  const height = Number(node.height) || undefined;
  const style = width && height ? { width, aspectRatio: `${width} / ${height}` } : undefined;
  if (url === false)
    return (
      <span className="rte-image-missing" role="img" aria-label={alt || 'Image'}>
        Image unavailable
      </span>
    );
  if (!url)
    return <span className="rte-image-loading" style={style} role="img" aria-label={`Loading ${alt || 'image'}`} aria-busy="true" />;
  return <img className="rte-view-image" src={url} alt={alt} data-src={src} style={style} />;
}

function Formula({ node }: { node: SerializedRichNode }) {
  const block = node.inline === false;
  const html = useMemo(() => renderFormula(String(node.equation ?? ''), block), [node.equation, block]);
  return (
    <span className={block ? 'rte-equation rte-equation-block' : 'rte-equation'}>
      <span className="rte-katex" dangerouslySetInnerHTML={{ __html: html }} />
    </span>
  );
}

const children = (node: SerializedRichNode) => (node.children ?? []).map((c, i) => <Node key={i} node={c} />);

function Node({ node }: { node: SerializedRichNode }): ReactNode {
  switch (node.type) {
    case 'text':
      return <Text node={node} />;
    case 'tab':
      return String(node.text ?? '\t');
    case 'linebreak':
      return <br />;
    case 'equation':
      return <Formula node={node} />;
    case 'image':
      return <StaticImage node={node} />;
    case 'paragraph':
      return <p className="rte-paragraph">{node.children?.length ? children(node) : <br />}</p>;
    case 'heading': {
      const Tag = (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(String(node.tag)) ? String(node.tag) : 'h3') as 'h3';
      return <Tag className={`rte-${Tag}`}>{children(node)}</Tag>;
    }
    case 'quote':
      return <blockquote className="rte-quote">{children(node)}</blockquote>;
    case 'list':
      return node.listType === 'number' ? (
        <ol className="rte-ol" start={typeof node.start === 'number' ? node.start : undefined}>
          {children(node)}
        </ol>
      ) : (
        <ul className="rte-ul">{children(node)}</ul>
      );
    case 'listitem': {
      const nested = node.children?.length === 1 && node.children[0]!.type === 'list';
      return <li className={nested ? 'rte-li rte-li-nested' : 'rte-li'}>{children(node)}</li>;
    }
    default:
      return node.children ? <>{children(node)}</> : null;
  }
}

/** Read-only rendering of stored rich text: lexical JSON, or plain text (or legacy HTML) read as paragraphs with $...$ formulas. */
export default function RichTextView({ value }: { value: string }) {
  const state = useMemo(() => parseRichText(initialStateJson(value)), [value]);
  if (!state) return null;
  return <div className="rte-view">{children(state.root)}</div>;
}
