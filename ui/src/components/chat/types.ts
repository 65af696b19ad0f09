import type { Citation } from '@evergrade/contracts';

export type ChatMessage = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Assistant: the passages the answer was built from (book title and page). */
  sources?: Citation[];
  provider?: string;
  /** Assistant: the refusal or failure to show instead of (or after) the text. */
  error?: string;
  /** Assistant: the reply is still arriving. */
  streaming?: boolean;
};

/** What a chat client reports while one reply streams (helper C's chat-socket client calls these). */
export type ChatHandlers = {
  onChunk: (text: string) => void;
  onSources: (sources: Citation[], provider?: string) => void;
  onError: (message: string) => void;
  onEnd: () => void;
};

/** Sends one question and streams its reply into the handlers; returns a function that cancels it. */
export type AskFn = (query: string, handlers: ChatHandlers) => () => void;
