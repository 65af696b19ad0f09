import { useEffect } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { DRAG_DROP_PASTE } from '@lexical/rich-text';
import { mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $isRootOrShadowRoot,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
  type LexicalEditor,
} from 'lexical';
import { EDITOR_MESSAGES } from '@evergrade/contracts';
import { useEditorUi, type EditorUi } from '../components/editor-ui-context';
import { $createImageNode, type ImagePayload } from '../nodes/image-node';
import { fitWithin } from '../utils/geometry';
import { loadImageSize, uploadImage } from '../utils/upload';

export const INSERT_IMAGE_COMMAND = createCommand<ImagePayload>('INSERT_IMAGE_COMMAND');

export const isImageFile = (file: File) => file.type.startsWith('image/');

const messageOf = (err: unknown) => (err instanceof Error ? err.message : '');

/**
 * Upload, then load from api_url, then insert: an image enters the editor only once the server gave
 * an api_url and the image loads from it. Resolves to null, or the error in the spec's wording.
 */
export async function insertImageFile(
  editor: LexicalEditor,
  file: File,
  ui: Pick<EditorUi, 'setBusy'>,
  kind: 'image' | 'drawing' = 'image',
): Promise<string | null> {
  if (!isImageFile(file)) return EDITOR_MESSAGES.notAnImage(file.name);
  ui.setBusy(kind === 'drawing' ? 'Saving drawing...' : 'Uploading image...');
  try {
    let apiUrl: string;
    try {
      apiUrl = await uploadImage(file);
    } catch (err) {
      return kind === 'drawing'
        ? EDITOR_MESSAGES.drawingSaveFailed(messageOf(err) || 'Unknown error')
        : EDITOR_MESSAGES.imageUploadFailed(messageOf(err));
    }
    let size;
    try {
      size = fitWithin(await loadImageSize(apiUrl));
    } catch {
      return kind === 'drawing' ? EDITOR_MESSAGES.drawingLoadFailed : EDITOR_MESSAGES.imageLoadFailed;
    }
    editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src: apiUrl, altText: kind === 'drawing' ? 'Drawing' : file.name, ...size });
    return null;
  } finally {
    ui.setBusy(null);
  }
}

/** Inserts each file in turn, reporting every refusal or failure. */
export async function insertImageFiles(editor: LexicalEditor, files: Iterable<File>, ui: EditorUi): Promise<void> {
  for (const file of files) {
    const error = await insertImageFile(editor, file, ui);
    if (error) ui.reportError(error);
  }
}

/** Inserts image nodes (toolbar, paste, drop); non-image files are refused with a message. */
export function ImagePlugin() {
  const [editor] = useLexicalComposerContext();
  const ui = useEditorUi();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_IMAGE_COMMAND,
          (payload) => {
            const node = $createImageNode(payload);
            const selection = $getSelection();
            if ($isRangeSelection(selection)) {
              $insertNodes([node]);
              const parent = node.getParent();
              if (parent && $isRootOrShadowRoot(parent)) {
                const paragraph = $createParagraphNode();
                node.replace(paragraph);
                paragraph.append(node);
              }
            } else {
              const paragraph = $createParagraphNode().append(node);
              $getRoot().append(paragraph);
              paragraph.selectEnd();
            }
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          DRAG_DROP_PASTE,
          (files) => {
            void insertImageFiles(editor, files, ui);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor, ui],
  );
  return null;
}
