import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $getNodeByKey, type LexicalEditor, type NodeKey } from 'lexical';
import { renderFormula } from '../utils/katex';
import { $isEquationNode } from '../nodes/equation-node';

const pendingEdits = new WeakMap<LexicalEditor, Set<NodeKey>>();

/** Opens the formula's source for editing as soon as its node is shown (a new formula from Ctrl+Shift+E). */
export function requestEquationEdit(editor: LexicalEditor, key: NodeKey): void {
  const keys = pendingEdits.get(editor) ?? new Set<NodeKey>();
  keys.add(key);
  pendingEdits.set(editor, keys);
}

const takePendingEdit = (editor: LexicalEditor, key: NodeKey) => pendingEdits.get(editor)?.delete(key) ?? false;

type Props = { equation: string; inline: boolean; nodeKey: NodeKey };

/** A formula rendered with KaTeX; in an editable editor a click shows its source between dollar signs. */
export function EquationView({ equation, inline, nodeKey }: Props) {
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const [editing, setEditing] = useState(() => takePendingEdit(editor, nodeKey));
  const html = useMemo(() => renderFormula(equation, !inline), [equation, inline]);

  const finish = (value: string | null, refocus: boolean) => {
    setEditing(false);
    editor.update(() => {
      const node = $getNodeByKey(nodeKey);
      if (!$isEquationNode(node)) return;
      if (value !== null && value.trim() === '') {
        const parent = node.getParent();
        node.remove();
        parent?.selectEnd();
        return;
      }
      if (value !== null && value !== node.getEquation()) node.setEquation(value);
      if (refocus) node.selectNext(0, 0);
    });
    if (refocus) editor.focus();
  };

  if (editing && editable) return <EquationSource initial={equation} inline={inline} onDone={finish} />;
  if (!editable) return <span className="rte-katex" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <span
      className="rte-katex rte-katex-editable"
      role="button"
      tabIndex={-1}
      title="Click to edit the formula"
      aria-label={`Formula ${equation}. Click to edit.`}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setEditing(true);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function EquationSource({
  initial,
  inline,
  onDone,
}: {
  initial: string;
  inline: boolean;
  onDone: (value: string | null, refocus: boolean) => void;
}) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const done = useRef(false);
  const preview = useMemo(() => (value.trim() ? renderFormula(value, !inline) : ''), [value, inline]);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const close = (result: string | null, refocus = true) => {
    if (done.current) return;
    done.current = true;
    onDone(result, refocus);
  };
  // Escape leaves the formula keeping what was typed, as clicking away does: typing is never thrown away
  // (an empty formula is removed, as with Enter).
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      close(value);
    } else if (e.key === 'Enter' && (inline || !e.shiftKey)) {
      e.preventDefault();
      close(value);
    }
  };
  const delimiter = inline ? '$' : '$$';
  const field = inline ? (
    <input
      ref={ref}
      className="rte-equation-input"
      aria-label="Formula (LaTeX)"
      value={value}
      size={Math.max(8, value.length + 1)}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => close(value, false)}
    />
  ) : (
    <textarea
      ref={ref}
      className="rte-equation-input"
      aria-label="Formula (LaTeX)"
      value={value}
      rows={Math.min(6, value.split('\n').length + 1)}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => close(value, false)}
    />
  );
  return (
    <span className={`rte-equation-editor${inline ? '' : ' rte-equation-editor-block'}`}>
      <span className="rte-dollar" aria-hidden="true">
        {delimiter}
      </span>
      {field}
      <span className="rte-dollar" aria-hidden="true">
        {delimiter}
      </span>
      {preview && !inline && <span className="rte-equation-preview" aria-hidden="true" dangerouslySetInnerHTML={{ __html: preview }} />}
    </span>
  );
}
