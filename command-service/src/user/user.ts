import { ConflictError, ValidationError, type EventOf, type Role } from '@evergrade/contracts';
import type { Decider } from '../decider';

export type UserEvent = EventOf<'UserRegistered'>;

export type User =
  | { status: 'none' }
  | {
      status: 'active';
      userId: number;
      email: string;
      role: Role;
      passwordHash: string;
      firstName: string;
      lastName: string;
      title: string;
      class: string;
      section: string;
      enrollmentDate: string;
    };

export type RegisterUser = {
  type: 'RegisterUser';
  userId: number;
  email: string;
  role: Role;
  passwordHash: string;
  firstName: string;
  lastName: string;
  title?: string;
  class?: string;
  section?: string;
  enrollmentDate?: string;
  now: string;
};

export type UserCommand = RegisterUser;

export const initialState = (): User => ({ status: 'none' });

export function evolve(_state: User, event: UserEvent): User {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        status: 'active', userId: d.userId, email: d.email, role: d.role, passwordHash: d.passwordHash,
        firstName: d.firstName, lastName: d.lastName, title: d.title ?? '', class: d.class ?? '',
        section: d.section ?? '', enrollmentDate: d.enrollmentDate ?? '',
      };
    }
  }
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new ConflictError('This user already exists');
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(command.email)) throw new ValidationError('email is not a valid address', 'email');
      const { type: _, now, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, email: data.email.toLowerCase(), registeredAt: now } }];
    }
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled command ${String(unhandled)}`);
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, User> = { decide, evolve, initialState };
