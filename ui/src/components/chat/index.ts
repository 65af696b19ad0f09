export { ChatTranscript, citationLabel, type ChatTranscriptProps } from './chat-transcript';
export { ChatComposer, type ChatComposerHandle, type ChatComposerProps } from './chat-composer';
export { useAssistantChat } from './use-assistant-chat';
export { Markdown } from './markdown';
export { PassageDialog } from './passage-dialog';
export { SpeakButton } from './speak-button';
export { loadGuestPassage, loadPassage, speakGuestText, speakText } from './chat-api';
export type { AskFn, ChatHandlers, ChatMessage } from './types';
