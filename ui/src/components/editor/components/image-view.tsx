import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { $getNodeByKey, CLICK_COMMAND, COMMAND_PRIORITY_LOW, type NodeKey } from 'lexical';
import { $isImageNode } from '../nodes/image-node';
import { resizeKeepingAspect, type Size } from '../utils/geometry';
import { imageObjectUrl } from '../utils/upload';

type Props = { src: string; altText: string; width: number; height: number; nodeKey: NodeKey };

function useImageUrl(src: string) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let live = true;
    imageObjectUrl(src).then(
      (url) => live && setState({ url, failed: false }),
      () => live && setState({ url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return state;
}

/** An image shown from its api_url; when editable, click selects it and the corner handle resizes it (aspect kept, 20 px minimum). */
export function ImageView({ src, altText, width, height, nodeKey }: Props) {
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const [selected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const { url, failed } = useImageUrl(src);
  const [live, setLive] = useState<Size | null>(null);
  const drag = useRef<{ x: number; y: number; start: Size } | null>(null);
  const frameRef = useRef<HTMLSpanElement>(null);

  // lexical sees the click first; taking it here keeps the node selected instead of a caret near it
  useEffect(
    () =>
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          // the image or its resize handle: the click that ends a resize keeps the image selected
          if (!editable || !(event.target instanceof Node) || !frameRef.current?.contains(event.target)) return false;
          if (!event.shiftKey) clearSelection();
          setSelected(true);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, editable, clearSelection, setSelected],
  );
  const size = live ?? { width, height };
  // width and ratio, not height: on a narrow screen max-width shrinks the image without distorting it
  const style = size.width > 0 && size.height > 0 ? { width: size.width, aspectRatio: `${size.width} / ${size.height}` } : undefined;

  if (failed)
    return (
      <span className="rte-image-missing" role="img" aria-label={altText || 'Image'}>
        Image unavailable
      </span>
    );
  if (!url)
    return <span className="rte-image-loading" style={style} role="img" aria-label={`Loading ${altText || 'image'}`} aria-busy="true" />;

  const onPointerDown = (e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: { width, height } };
  };
  const onPointerMove = (e: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    const { x, y, start } = drag.current;
    setLive(resizeKeepingAspect(start, e.clientX - x, e.clientY - y));
  };
  const onPointerUp = (e: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    const { x, y, start } = drag.current;
    drag.current = null;
    const next = resizeKeepingAspect(start, e.clientX - x, e.clientY - y);
    setLive(null);
    commit(next);
  };

  const commit = (next: Size) =>
    editor.update(() => {
      const node = $getNodeByKey(nodeKey);
      if ($isImageNode(node)) node.setSize(next.width, next.height);
    });
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    const step = { ArrowRight: 10, ArrowUp: 10, ArrowLeft: -10, ArrowDown: -10 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    commit(resizeKeepingAspect({ width, height }, step, 0));
  };

  return (
    <span ref={frameRef} className={`rte-image-frame${selected && editable ? ' is-selected' : ''}`}>
      <img
        src={url}
        alt={altText}
        data-src={src}
        style={style}
        draggable={false}
        // no caret from this press: a late selectionchange would turn the node selection back into a caret
        onMouseDown={(e) => editable && e.preventDefault()}
      />
      {editable && selected && (
        <span
          className="rte-image-handle"
          role="slider"
          aria-label="Resize image"
          aria-valuemin={20}
          aria-valuenow={size.width}
          aria-valuetext={`${size.width} by ${size.height} pixels`}
          tabIndex={0}
          title="Drag to resize"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setLive(null);
          }}
        />
      )}
    </span>
  );
}
