import { useDraftStore } from '../stores/draft-store';

/** Step 2 for From Document (being built). */
export function DocumentStep() {
  return (
    <div className="wz-step">
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={useDraftStore.getState().backToDetails}>Previous</button>
      </div>
    </div>
  );
}
