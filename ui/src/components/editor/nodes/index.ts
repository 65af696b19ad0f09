import type { EditorThemeClasses, Klass, LexicalNode } from 'lexical';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { EquationNode } from './equation-node';
import { ImageNode } from './image-node';

export const EDITOR_NODES: Klass<LexicalNode>[] = [HeadingNode, QuoteNode, ListNode, ListItemNode, EquationNode, ImageNode];

export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: 'rte-paragraph',
  quote: 'rte-quote',
  heading: { h1: 'rte-h1', h2: 'rte-h2', h3: 'rte-h3' },
  list: { ul: 'rte-ul', ol: 'rte-ol', listitem: 'rte-li', nested: { listitem: 'rte-li-nested' } },
  text: {
    bold: 'rte-bold',
    italic: 'rte-italic',
    underline: 'rte-underline',
    strikethrough: 'rte-strike',
    code: 'rte-code',
    subscript: 'rte-sub',
    superscript: 'rte-sup',
  },
};
