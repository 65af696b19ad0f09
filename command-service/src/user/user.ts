import { ConflictError, LIBRARY_MESSAGES, ValidationError, type EventOf, type Role } from '@evergrade/contracts';
import type { Decider } from '../decider';

export type UserEvent = EventOf<
  | 'UserRegistered'
  | 'UserProfileUpdated'
  | 'UserDetailsUpdated'
  | 'UserEmailChanged'
  | 'PasswordChanged'
  | 'SmartBuilderAccessGranted'
  | 'SmartBuilderAccessRevoked'
  | 'AnalystAccessGranted'
  | 'AnalystAccessRevoked'
>;

export type ActiveUser = {
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
  /** Set by the school admin (instructors only). */
  smartBuilder: boolean;
  /** May sign in as an analyst: granted by the school admin, or an analyst account from its registration. */
  analyst: boolean;
};

export type User = { status: 'none' } | ActiveUser;

type Profile = Omit<ActiveUser, 'status' | 'userId' | 'role' | 'passwordHash' | 'email' | 'smartBuilder' | 'analyst'>;

export type UserCommand =
  | ({ type: 'RegisterUser'; userId: number; email: string; role: Role; passwordHash: string; now: string } & Partial<Profile> &
      Pick<Profile, 'firstName' | 'lastName'>)
  | { type: 'UpdateProfile'; firstName: string; lastName: string; title?: string; now: string }
  | { type: 'UpdateDetails'; class?: string; section?: string; enrollmentDate?: string; now: string }
  | { type: 'ChangeEmail'; email: string; now: string }
  | { type: 'ChangePassword'; passwordHash: string; reason: 'changed' | 'reset'; now: string }
  | { type: 'SetSmartBuilderAccess'; allowed: boolean; by: number | null; now: string }
  | { type: 'SetAnalystAccess'; allowed: boolean; by: number | null; now: string };

export const initialState = (): User => ({ status: 'none' });

export function evolve(state: User, event: UserEvent): User {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'active',
      userId: d.userId,
      email: d.email,
      role: d.role,
      passwordHash: d.passwordHash,
      firstName: d.firstName,
      lastName: d.lastName,
      title: d.title ?? '',
      class: d.class ?? '',
      section: d.section ?? '',
      enrollmentDate: d.enrollmentDate ?? '',
      smartBuilder: false,
      analyst: d.role === 'analyst',
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'UserProfileUpdated': {
      const { firstName, lastName, title } = event.data;
      return { ...state, firstName, lastName, ...(title !== undefined ? { title } : {}) };
    }
    case 'UserDetailsUpdated': {
      const { class: cls, section, enrollmentDate } = event.data;
      return {
        ...state,
        ...(cls !== undefined ? { class: cls } : {}),
        ...(section !== undefined ? { section } : {}),
        ...(enrollmentDate !== undefined ? { enrollmentDate } : {}),
      };
    }
    case 'UserEmailChanged':
      return { ...state, email: event.data.to };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'SmartBuilderAccessGranted':
      return { ...state, smartBuilder: true };
    case 'SmartBuilderAccessRevoked':
      return { ...state, smartBuilder: false };
    case 'AnalystAccessGranted':
      return { ...state, analyst: true };
    case 'AnalystAccessRevoked':
      return { ...state, analyst: false };
  }
}

function active(state: User): ActiveUser {
  if (state.status !== 'active') throw new ValidationError('User not found', 'user_id');
  return state;
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new ConflictError('This user already exists');
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(command.email)) throw new ValidationError('email is not a valid address', 'email');
      const { type: _, now, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, email: data.email.toLowerCase(), registeredAt: now } }];
    }
    case 'UpdateProfile': {
      const user = active(state);
      const { firstName, lastName, title } = command;
      const same = user.firstName === firstName && user.lastName === lastName && (title === undefined || title === user.title);
      if (same) return [];
      return [
        {
          type: 'UserProfileUpdated',
          data: { userId: user.userId, firstName, lastName, ...(title !== undefined ? { title } : {}), updatedAt: command.now },
        },
      ];
    }
    case 'UpdateDetails': {
      const user = active(state);
      const changes = {
        ...(command.class !== undefined && command.class !== user.class ? { class: command.class } : {}),
        ...(command.section !== undefined && command.section !== user.section ? { section: command.section } : {}),
        ...(command.enrollmentDate !== undefined && command.enrollmentDate !== user.enrollmentDate
          ? { enrollmentDate: command.enrollmentDate }
          : {}),
      };
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'UserDetailsUpdated', data: { userId: user.userId, ...changes, updatedAt: command.now } }];
    }
    case 'ChangeEmail': {
      const user = active(state);
      const to = command.email.toLowerCase();
      if (to === user.email) return [];
      return [{ type: 'UserEmailChanged', data: { userId: user.userId, from: user.email, to, changedAt: command.now } }];
    }
    case 'ChangePassword': {
      const user = active(state);
      return [
        {
          type: 'PasswordChanged',
          data: { userId: user.userId, passwordHash: command.passwordHash, reason: command.reason, changedAt: command.now },
        },
      ];
    }
    case 'SetSmartBuilderAccess': {
      const user = active(state);
      if (user.role !== 'instructor') throw new ValidationError(LIBRARY_MESSAGES.instructorsOnly, 'user_id');
      if (user.smartBuilder === command.allowed) return [];
      return command.allowed
        ? [{ type: 'SmartBuilderAccessGranted', data: { userId: user.userId, grantedBy: command.by, at: command.now } }]
        : [{ type: 'SmartBuilderAccessRevoked', data: { userId: user.userId, revokedBy: command.by, at: command.now } }];
    }
    case 'SetAnalystAccess': {
      const user = active(state);
      if (user.role === 'student') throw new ValidationError('Students cannot be given the analyst role', 'user_id');
      if (user.analyst === command.allowed) return [];
      return command.allowed
        ? [{ type: 'AnalystAccessGranted', data: { userId: user.userId, grantedBy: command.by, at: command.now } }]
        : [{ type: 'AnalystAccessRevoked', data: { userId: user.userId, revokedBy: command.by, at: command.now } }];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, User> = { decide, evolve, initialState };
