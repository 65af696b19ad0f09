import { routes, type Passage } from '@evergrade/contracts';
import { apiErrorFrom, apiHeaders, callApi, fetchOrUnreachable } from '../../lib/api-client';

/** A cited passage for a signed-in user (GET /chatbot/passage/:id). */
export const loadPassage = (passageId: number): Promise<Passage> => callApi('textbookPassage', { params: { passageId } });

/** A cited passage of a shared book, for guests (GET /chatbot/guest-passage/:id). */
export const loadGuestPassage = (passageId: number): Promise<Passage> => callApi('guestPassage', { params: { passageId } });

async function speech(path: string, text: string): Promise<Blob> {
  const response = await fetchOrUnreachable(path, {
    method: 'POST',
    credentials: 'include',
    headers: apiHeaders({ 'Content-Type': 'application/json', Accept: 'audio/wav' }),
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  return response.blob();
}

/** Speech of an answer (POST /chatbot/text-to-speech), audio/wav. */
export const speakText = (text: string) => speech(routes.textToSpeech.path, text);

/** Speech of an answer for guests (POST /chatbot/guest-text-to-speech). */
export const speakGuestText = (text: string) => speech(routes.guestTextToSpeech.path, text);
