import { expect } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { Decider } from './decider';

/** Given(events) / When(command) / Then(events or error), for pure deciders. */
export function specFor<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenThrows: (errorClass: new (...args: never[]) => Error, message?: string) => {
          expect(run).toThrow(errorClass);
          if (message) expect(run).toThrow(message);
        },
      };
    },
  });
}
