import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutograderDemo } from './autograder-demo';
import { renewalTime } from './guest-chat';
import { AUDIENCE_ROTATE_MS, RotatingWord } from './rotating-word';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the audience word', () => {
  it('shows schools, teachers, students in turn, a new one every 2.5 s', () => {
    render(<RotatingWord />);
    const seen = [screen.getByTestId('audience-word').textContent];
    for (let i = 0; i < 3; i++) {
      act(() => vi.advanceTimersByTime(AUDIENCE_ROTATE_MS - 1));
      expect(screen.getByTestId('audience-word').textContent).toBe(seen.at(-1));
      act(() => vi.advanceTimersByTime(1));
      seen.push(screen.getByTestId('audience-word').textContent);
    }
    expect(AUDIENCE_ROTATE_MS).toBe(2_500);
    expect(seen).toEqual(['schools', 'teachers', 'students', 'schools']);
  });
});

describe('when the free chats renew', () => {
  it('says today or tomorrow, else the day', () => {
    const now = new Date(2026, 10, 26, 9, 0);
    expect(renewalTime(new Date(2026, 10, 26, 17, 30).toISOString(), now)).toMatch(/ today$/);
    expect(renewalTime(new Date(2026, 10, 27, 0, 0).toISOString(), now)).toMatch(/ tomorrow$/);
    expect(renewalTime(new Date(2026, 10, 29, 0, 0).toISOString(), now)).toMatch(/ on .*29/);
  });
});

describe('the autograder demo', () => {
  it('grades the three answers one by one, then shows the total; Pause stops it', () => {
    render(<AutograderDemo />);
    expect(screen.queryByTestId('demo-total')).toBeNull();
    act(() => vi.advanceTimersByTime(4 * 1800));
    expect(screen.getByTestId('demo-total').textContent).toBe('Graded · 4.5 / 5');
    expect(screen.getAllByText(/^(1\.5 \/ 2 marks|1 \/ 1 mark|2 \/ 2 marks)$/)).toHaveLength(3);
    act(() => screen.getByTestId('demo-toggle').click());
    act(() => vi.advanceTimersByTime(10 * 1800));
    expect(screen.getByTestId('demo-total').textContent).toBe('Graded · 4.5 / 5');
    expect(screen.getByTestId('demo-toggle').textContent).toBe('Play');
  });
});
