import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const CODE_LENGTH = 6;
export const EMPTY_CODE: string[] = Array.from({ length: CODE_LENGTH }, () => '');
export const isCodeComplete = (code: string[]) => code.length === CODE_LENGTH && code.every((d) => /^\d$/.test(d));

type Props = { value: string[]; onChange: (code: string[]) => void; disabled?: boolean; autoFocus?: boolean };

/**
 * Six single-digit boxes (spec document 3, section 2): typing moves forward, Backspace on an empty box
 * moves back, pasting (or a one-time-code autofill of) six digits fills them all.
 */
export function CodeInput({ value, onChange, disabled, autoFocus }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))]?.focus();

  const fill = (from: number, digits: string) => {
    const next = [...value];
    [...digits].slice(0, CODE_LENGTH - from).forEach((d, k) => {
      next[from + k] = d;
    });
    onChange(next);
    focus(from + digits.length);
  };

  const onInput = (i: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) {
      if (raw === '') onChange(value.map((d, k) => (k === i ? '' : d)));
      return;
    }
    // A box that already held a digit receives two characters: keep the one just typed.
    if (digits.length === 2 && value[i]) return fill(i, digits.replace(value[i]!, '') || digits[1]!);
    fill(digits.length >= CODE_LENGTH ? 0 : i, digits.slice(0, CODE_LENGTH));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const digits = e.clipboardData.getData('text').replace(/\D/g, '');
    e.preventDefault();
    if (digits) fill(digits.length >= CODE_LENGTH ? 0 : i, digits.slice(0, CODE_LENGTH));
  };

  return (
    <div className="code-input" role="group" aria-label="Verification code">
      {value.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className="code-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={i === 0 ? CODE_LENGTH : 2}
          aria-label={`Digit ${i + 1} of ${CODE_LENGTH}`}
          data-testid={`code-digit-${i + 1}`}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && i === 0}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
