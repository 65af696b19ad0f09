import type { JSX } from 'react';
import {
  $applyNodeReplacement,
  DecoratorNode,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import { EquationView } from '../components/equation-view';

export type SerializedEquationNode = Spread<{ equation: string; inline: boolean }, SerializedLexicalNode>;

/** A formula: `$...$` (inline) or `$$...$$` (block, shown in display mode on its own line). */
export class EquationNode extends DecoratorNode<JSX.Element> {
  __equation: string;
  __inline: boolean;

  static override getType(): string {
    return 'equation';
  }

  static override clone(node: EquationNode): EquationNode {
    return new EquationNode(node.__equation, node.__inline, node.__key);
  }

  static override importJSON(json: SerializedEquationNode): EquationNode {
    return $createEquationNode(String(json.equation ?? ''), json.inline !== false);
  }

  constructor(equation: string, inline: boolean, key?: NodeKey) {
    super(key);
    this.__equation = equation;
    this.__inline = inline;
  }

  override exportJSON(): SerializedEquationNode {
    return { ...super.exportJSON(), equation: this.getEquation(), inline: this.__inline };
  }

  override createDOM(_config: EditorConfig): HTMLElement {
    const span = document.createElement('span');
    span.className = this.__inline ? 'rte-equation' : 'rte-equation rte-equation-block';
    return span;
  }

  override updateDOM(prev: EquationNode): boolean {
    return prev.__inline !== this.__inline;
  }

  override getTextContent(): string {
    return this.__inline ? `$${this.__equation}$` : `$$${this.__equation}$$`;
  }

  getEquation(): string {
    return this.getLatest().__equation;
  }

  isBlock(): boolean {
    return !this.getLatest().__inline;
  }

  setEquation(equation: string): this {
    const writable = this.getWritable();
    writable.__equation = equation;
    return writable;
  }

  override decorate(): JSX.Element {
    return <EquationView equation={this.__equation} inline={this.__inline} nodeKey={this.__key} />;
  }
}

export function $createEquationNode(equation: string, inline: boolean): EquationNode {
  return $applyNodeReplacement(new EquationNode(equation, inline));
}

export function $isEquationNode(node: LexicalNode | null | undefined): node is EquationNode {
  return node instanceof EquationNode;
}
