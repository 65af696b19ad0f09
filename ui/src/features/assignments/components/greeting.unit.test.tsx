import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WELCOMED_KEY } from '../../../stores/session';
import { Greeting, greetingEndsAt, GREETING_TIMINGS } from './greeting';

const hello = () => screen.getByTestId('greeting-hello').textContent;
const logo = () => screen.getByTestId('greeting-logo').textContent;
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('Greeting', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("types 'Hello' and the first name from 2 s at 100 ms a character, then the logo from 3.5 s, and closes 2 s after", () => {
    render(<Greeting firstName="Ada" />);
    expect(GREETING_TIMINGS).toEqual({ charMs: 100, helloAtMs: 2000, logoAtMs: 3500, holdMs: 2000 });
    advance(1900);
    expect(hello()).toBe('');
    advance(100); // 2.0 s
    expect(hello()).toBe('');
    advance(100);
    expect(hello()).toBe('H');
    advance(400); // 2.5 s
    expect(hello()).toBe('Hello');
    advance(500); // 3.0 s
    expect(hello()).toBe('Hello, Ada');
    expect(logo()).toBe('');
    advance(600); // 3.6 s
    expect(logo()).toBe('E');
    advance(800); // 4.4 s
    expect(logo()).toBe('Evergrade');
    expect(greetingEndsAt('Ada')).toBe(6400);
    advance(1900); // 6.3 s
    expect(screen.getByTestId('greeting')).toBeTruthy();
    advance(100); // 6.4 s
    expect(screen.queryByTestId('greeting')).toBeNull();
  });

  it('shows on the first visit only (the welcomed flag)', () => {
    render(<Greeting firstName="Ada" />);
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Hello, Ada. Welcome to Evergrade');
    expect(sessionStorage.getItem(WELCOMED_KEY)).toBe('true');
    cleanup();
    render(<Greeting firstName="Ada" />);
    expect(screen.queryByTestId('greeting')).toBeNull();
  });

  it('says just Hello without a name, and can be skipped', () => {
    render(<Greeting firstName="" />);
    advance(2500);
    expect(hello()).toBe('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByTestId('greeting')).toBeNull();
  });

  it('waits for a long name to finish before the 2 s hold', () => {
    const name = 'Maximiliana-Josephine';
    expect(greetingEndsAt(name)).toBe(2000 + `Hello, ${name}`.length * 100 + 2000);
  });
});
