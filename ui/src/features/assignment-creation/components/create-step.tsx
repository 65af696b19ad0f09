import { useDraftStore } from '../stores/draft-store';
import { AiStep } from './ai-step';
import { DocumentStep } from './document-step';
import { ScratchStep } from './scratch-step';

/** Step 2 of 3: the method chosen in the setup. */
export function CreateStep() {
  const method = useDraftStore((s) => s.creation_method);
  if (method === 'document') return <DocumentStep />;
  if (method === 'ai') return <AiStep />;
  return <ScratchStep />;
}
