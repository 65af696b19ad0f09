import { describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES } from '@evergrade/contracts';
import { decide, evolve, initialState, type UserEvent } from '../user/user';

/** The Smart Builder permission lives on the instructor's own stream (user aggregate). */
const registered = (role: 'instructor' | 'student'): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId: 5,
    email: 'x@demo.school',
    role,
    passwordHash: 'h',
    firstName: 'A',
    lastName: 'B',
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
});
const given = (events: UserEvent[]) => events.reduce(evolve, initialState());
const set = (allowed: boolean) => ({ type: 'SetSmartBuilderAccess' as const, allowed, by: 2, now: '2026-02-01T00:00:00.000Z' });

describe('Smart Builder access', () => {
  it('is off for a new instructor and granted by the admin', () => {
    const state = given([registered('instructor')]);
    expect(state).toMatchObject({ smartBuilder: false });
    expect(decide(set(true), state)).toEqual([
      { type: 'SmartBuilderAccessGranted', data: { userId: 5, grantedBy: 2, at: '2026-02-01T00:00:00.000Z' } },
    ]);
  });

  it('is revoked, and setting what is already set decides nothing', () => {
    const granted: UserEvent = { type: 'SmartBuilderAccessGranted', data: { userId: 5, grantedBy: 2, at: '2026-02-01T00:00:00.000Z' } };
    const state = given([registered('instructor'), granted]);
    expect(state).toMatchObject({ smartBuilder: true });
    expect(decide(set(true), state)).toEqual([]);
    expect(decide(set(false), state)).toEqual([
      { type: 'SmartBuilderAccessRevoked', data: { userId: 5, revokedBy: 2, at: '2026-02-01T00:00:00.000Z' } },
    ]);
    expect(decide(set(false), given([registered('instructor')]))).toEqual([]);
  });

  it('is for instructors only, and for existing users', () => {
    expect(() => decide(set(true), given([registered('student')]))).toThrow(LIBRARY_MESSAGES.instructorsOnly);
    expect(() => decide(set(true), given([]))).toThrow('User not found');
  });
});
