import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { $findMatchingParent } from '@lexical/utils';
import { $getSelection, $isRangeSelection, FORMAT_TEXT_COMMAND, type TextFormatType } from 'lexical';
import { INSERT_EQUATION_COMMAND } from '../plugins/keys-plugin';

type Active = { bold: boolean; italic: boolean; underline: boolean; list: 'bullet' | 'number' | null };
const NONE: Active = { bold: false, italic: false, underline: false, list: null };

const svg = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;
const ICONS = {
  bullet: (
    <svg {...svg}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </svg>
  ),
  number: (
    <svg {...svg}>
      <path d="M10 6h10M10 12h10M10 18h10M4 4h1v4M4 8h2M3.5 14.5a1.2 1.2 0 0 1 2.2.6c0 .9-2.2 1.9-2.2 2.9h2.5" />
    </svg>
  ),
  formula: (
    <svg {...svg}>
      <path d="M18 5H7l6 7-6 7h11" />
    </svg>
  ),
  image: (
    <svg {...svg}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </svg>
  ),
  drawing: (
    <svg {...svg}>
      <path d="M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  ),
};

function ToolButton({
  label,
  shortcut,
  pressed,
  onClick,
  children,
  disabled,
}: {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`rte-tool${pressed ? ' is-active' : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // keep the caret in the editor
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

type Props = { onPickImage: (files: File[]) => void; onOpenDrawing: () => void; busy: boolean };

/** Bold, italic, underline, lists, formula, image and drawing. */
export function Toolbar({ onPickImage, onOpenDrawing, busy }: Props) {
  const [editor] = useLexicalComposerContext();
  const [active, setActive] = useState<Active>(NONE);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return setActive(NONE);
          const list = $findMatchingParent(selection.anchor.getNode(), $isListNode);
          setActive({
            bold: selection.hasFormat('bold'),
            italic: selection.hasFormat('italic'),
            underline: selection.hasFormat('underline'),
            list: list && $isListNode(list) ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
          });
        }),
      ),
    [editor],
  );

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  const list = (type: 'bullet' | 'number') => {
    if (active.list === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton label="Bold" shortcut="Ctrl+B" pressed={active.bold} onClick={() => format('bold')}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label="Italic" shortcut="Ctrl+I" pressed={active.italic} onClick={() => format('italic')}>
        <em>I</em>
      </ToolButton>
      <ToolButton label="Underline" shortcut="Ctrl+U" pressed={active.underline} onClick={() => format('underline')}>
        <span className="rte-u">U</span>
      </ToolButton>
      <span className="rte-tool-sep" aria-hidden="true" />
      <ToolButton label="Bulleted list" pressed={active.list === 'bullet'} onClick={() => list('bullet')}>
        {ICONS.bullet}
      </ToolButton>
      <ToolButton label="Numbered list" pressed={active.list === 'number'} onClick={() => list('number')}>
        {ICONS.number}
      </ToolButton>
      <span className="rte-tool-sep" aria-hidden="true" />
      <ToolButton label="Insert formula" shortcut="Ctrl+Shift+E" onClick={() => editor.dispatchCommand(INSERT_EQUATION_COMMAND, undefined)}>
        {ICONS.formula}
      </ToolButton>
      <ToolButton label="Insert image" disabled={busy} onClick={() => fileInput.current?.click()}>
        {ICONS.image}
      </ToolButton>
      <ToolButton label="Open drawing pad" disabled={busy} onClick={onOpenDrawing}>
        {ICONS.drawing}
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Image file"
        data-testid="rte-image-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onPickImage(files);
        }}
      />
    </div>
  );
}
