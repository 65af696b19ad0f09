import { ClockIcon, SearchIcon, SparkIcon } from '../../../components/icons';
import { useSmartBuilderEnabled } from '../api/get-instructor-profile';
import { useDraftStore } from '../stores/draft-store';
import { AiExpress } from './ai-express';
import { ChoiceGroup } from '../../../components/wizard/choice-group';
import { SmartBuilder } from './smart-builder';

/** Step 2 for With AI: choose AI Express or Smart Builder, then that screen. */
export function AiStep() {
  const mode = useDraftStore((s) => s.aiMode);
  const setAiMode = useDraftStore((s) => s.setAiMode);
  const backToDetails = useDraftStore((s) => s.backToDetails);
  const smart = useSmartBuilderEnabled();
  const back = () => setAiMode('none');

  if (mode === 'quick') return <AiExpress onBack={back} />;
  if (mode === 'builder' && smart.enabled) return <SmartBuilder onBack={back} />;

  return (
    <div className="wz-step">
      <section className="card wz-card">
        <h3 className="wz-card-title">How would you like to create your assignment?</h3>
        <ChoiceGroup
          label="AI mode"
          value={null}
          testId="ai-mode"
          choices={[
            {
              value: 'quick',
              label: 'AI Express',
              icon: <SparkIcon width={20} height={20} />,
              hint: (
                <>
                  Describe the assignment and the AI writes the questions.{' '}
                  <span className="wz-eta">
                    <ClockIcon width={12} height={12} /> about 2 minutes
                  </span>
                </>
              ),
            },
            {
              value: 'builder',
              label: 'Smart Builder',
              icon: <SearchIcon width={20} height={20} />,
              disabled: !smart.enabled,
              badge: smart.enabled ? undefined : <span className="badge badge-accent">Coming Soon</span>,
              hint: (
                <>
                  Search the question library and pick each question.{' '}
                  <span className="wz-eta">
                    <ClockIcon width={12} height={12} /> about 5-10 minutes
                  </span>
                </>
              ),
            },
          ]}
          onChange={setAiMode}
        />
      </section>
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={backToDetails}>
          Previous
        </button>
        <span />
      </div>
    </div>
  );
}
