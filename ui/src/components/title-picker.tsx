import { VALIDATION_MESSAGES } from '@evergrade/contracts';
import { OTHER_TITLE, TITLE_CHOICES } from '../lib/titles';

/** Ma'am (default), Sir or Other with a custom title: how students address an instructor. */
export function TitlePicker({
  title,
  customTitle,
  onTitle,
  onCustom,
}: {
  title: string;
  customTitle: string;
  onTitle: (t: string) => void;
  onCustom: (t: string) => void;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="field-label">How should students address you?</legend>
      <div className="segmented segmented-3" role="radiogroup" aria-label="Title">
        {TITLE_CHOICES.map((t) => (
          <label key={t} className="segmented-option segmented-radio" data-checked={title === t}>
            <input type="radio" name="title" value={t} checked={title === t} onChange={() => onTitle(t)} />
            {t}
          </label>
        ))}
      </div>
      {title === OTHER_TITLE && (
        <>
          <input
            className="input"
            name="customTitle"
            aria-label="Preferred title"
            placeholder="e.g. Dr., Coach, Mx."
            maxLength={30}
            value={customTitle}
            onChange={(e) => onCustom(e.target.value)}
          />
          {!customTitle.trim() && <p className="field-hint">{VALIDATION_MESSAGES.customTitle}</p>}
        </>
      )}
    </fieldset>
  );
}
