export { AssistantPage as StudentAssistantRoute } from './components/assistant-page';
export { IsolatedChatPage as IsolatedChatRoute } from './components/isolated-chat-page';
