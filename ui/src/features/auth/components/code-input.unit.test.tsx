import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeInput, EMPTY_CODE } from './code-input';

function Harness() {
  const [code, setCode] = useState(EMPTY_CODE);
  return (
    <>
      <CodeInput value={code} onChange={setCode} />
      <output data-testid="code">{code.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByTestId(`code-digit-${n}`) as HTMLInputElement;

describe('CodeInput', () => {
  afterEach(cleanup);

  it('moves focus forward on each digit and ignores anything but digits', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    expect(screen.getByTestId('code').textContent).toBe('42');
  });

  it('moves back on Backspace from an empty box, and not from a filled one', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    // box 2 holds a digit: the browser deletes it and focus stays
    expect(document.activeElement).toBe(box(2));
  });

  it('fills all six boxes from a pasted code, whatever box has focus', () => {
    render(<Harness />);
    box(3).focus();
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123 456 ' } });
    expect(screen.getByTestId('code').textContent).toBe('123456');
    expect(document.activeElement).toBe(box(6));
  });

  it('takes a one-time-code autofill of six digits into the first box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '987654' } });
    expect(screen.getByTestId('code').textContent).toBe('987654');
  });

  it('replaces a digit typed over an existing one', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(1), { target: { value: '17' } });
    expect(box(1).value).toBe('7');
  });
});
