import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GradeBadge, gradeTone } from './grade-badge';

afterEach(cleanup);

describe('GradeBadge', () => {
  it('never shows a 0-mark grade as a success', () => {
    render(<GradeBadge obtained={0} possible={2} testId="g" />);
    const badge = screen.getByTestId('g');
    expect(badge.textContent).toBe('0 / 2 marks');
    expect(badge.className).toBe('badge badge-danger');
  });

  it('is a success for full marks only, a warning in between, neutral out of nothing', () => {
    expect([gradeTone(2, 2), gradeTone(1.5, 2), gradeTone(0.25, 2), gradeTone(0, 2), gradeTone(0, 0)]).toEqual([
      'success',
      'warning',
      'warning',
      'danger',
      'neutral',
    ]);
    render(<GradeBadge obtained={1} possible={1} testId="g" />);
    expect(screen.getByTestId('g').className).toBe('badge badge-success');
    expect(screen.getByTestId('g').textContent).toBe('1 / 1 mark');
  });
});
