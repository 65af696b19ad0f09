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
import { ImageView } from '../components/image-view';

export type ImagePayload = { src: string; altText: string; width: number; height: number };
export type SerializedImageNode = Spread<ImagePayload, SerializedLexicalNode>;

/** An uploaded image or drawing, stored by its api_url and shown at its chosen size. */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;
  __width: number;
  __height: number;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode({ src: node.__src, altText: node.__altText, width: node.__width, height: node.__height }, node.__key);
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode({
      src: String(json.src ?? ''),
      altText: String(json.altText ?? ''),
      width: Number(json.width) || 0,
      height: Number(json.height) || 0,
    });
  }

  constructor(payload: ImagePayload, key?: NodeKey) {
    super(key);
    this.__src = payload.src;
    this.__altText = payload.altText;
    this.__width = payload.width;
    this.__height = payload.height;
  }

  override exportJSON(): SerializedImageNode {
    const self = this.getLatest();
    return { ...super.exportJSON(), src: self.__src, altText: self.__altText, width: self.__width, height: self.__height };
  }

  override createDOM(_config: EditorConfig): HTMLElement {
    const span = document.createElement('span');
    span.className = 'rte-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override getTextContent(): string {
    return '[image]';
  }

  setSize(width: number, height: number): this {
    const writable = this.getWritable();
    writable.__width = width;
    writable.__height = height;
    return writable;
  }

  override decorate(): JSX.Element {
    return <ImageView src={this.__src} altText={this.__altText} width={this.__width} height={this.__height} nodeKey={this.__key} />;
  }
}

export function $createImageNode(payload: ImagePayload): ImageNode {
  return $applyNodeReplacement(new ImageNode(payload));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
