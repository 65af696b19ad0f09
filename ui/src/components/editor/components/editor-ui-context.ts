import { createContext, useContext } from 'react';

export type EditorUi = {
  /** Shows an alert in the editor with the spec's wording. */
  reportError: (message: string) => void;
  /** A short status while an upload runs ('Uploading image...'); null when done. */
  setBusy: (label: string | null) => void;
};

export const EditorUiContext = createContext<EditorUi>({
  reportError: (message) => console.error(message),
  setBusy: () => undefined,
});

export const useEditorUi = () => useContext(EditorUiContext);
