import { NotFoundError, streamIds, type EventOf, type PdfHeaderFormat } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { fold, type Decider } from '../decider';

/** A school (tenant): its branding, who may sign up. Stream `tenant:{tenant}`. */
export type SchoolEvent = EventOf<
  | 'TenantRegistered'
  | 'SchoolBrandingUpdated'
  | 'AuthorizedDomainAdded'
  | 'AuthorizedDomainRemoved'
  | 'StudentPreapproved'
  | 'StudentPreapprovalRevoked'
  | 'SchoolPdfHeadersUpdated'
  | 'AnalystNamesSettingChanged'
>;

export type PdfHeaderSettings = { formats: PdfHeaderFormat[]; defaultFormat: PdfHeaderFormat; logoImageId: string | null };

export type School =
  | { status: 'none' }
  | {
      status: 'active';
      tenant: string;
      name: string;
      logoUrl: string | null;
      domains: string[];
      preapproved: string[];
      pdfHeaders: PdfHeaderSettings;
      /** Analysts see names (off: pseudonymised). */
      analystNames: boolean;
    };

export type SchoolCommand =
  | { type: 'UpdateBranding'; name: string; logoUrl: string | null; now: string }
  | { type: 'AddAuthorizedDomain'; domain: string }
  | { type: 'RemoveAuthorizedDomain'; domain: string }
  | { type: 'PreapproveStudents'; emails: string[] }
  | { type: 'RevokePreapproval'; email: string }
  | ({ type: 'SetPdfHeaders'; now: string } & PdfHeaderSettings)
  | { type: 'SetAnalystNames'; allowed: boolean; by: number | null; now: string };

export const initialState = (): School => ({ status: 'none' });

const without = (list: string[], item: string) => list.filter((x) => x !== item);

export function evolve(state: School, event: SchoolEvent): School {
  if (event.type === 'TenantRegistered') {
    const pdfHeaders: PdfHeaderSettings = { formats: ['standard'], defaultFormat: 'standard', logoImageId: null };
    return {
      status: 'active',
      tenant: event.data.tenant,
      name: event.data.name,
      logoUrl: null,
      domains: [],
      preapproved: [],
      pdfHeaders,
      analystNames: false,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SchoolBrandingUpdated':
      return { ...state, name: event.data.name, logoUrl: event.data.logoUrl };
    case 'AuthorizedDomainAdded':
      return { ...state, domains: [...state.domains, event.data.domain] };
    case 'AuthorizedDomainRemoved':
      return { ...state, domains: without(state.domains, event.data.domain) };
    case 'StudentPreapproved':
      return { ...state, preapproved: [...state.preapproved, event.data.email] };
    case 'StudentPreapprovalRevoked':
      return { ...state, preapproved: without(state.preapproved, event.data.email) };
    case 'SchoolPdfHeadersUpdated': {
      const { formats, defaultFormat, logoImageId } = event.data;
      return { ...state, pdfHeaders: { formats, defaultFormat, logoImageId } };
    }
    case 'AnalystNamesSettingChanged':
      return { ...state, analystNames: event.data.allowNames };
  }
}

export function decide(command: SchoolCommand, state: School): SchoolEvent[] {
  if (state.status === 'none') throw new NotFoundError('School not found');
  switch (command.type) {
    case 'UpdateBranding':
      if (command.name === state.name && command.logoUrl === state.logoUrl) return [];
      return [{ type: 'SchoolBrandingUpdated', data: { name: command.name, logoUrl: command.logoUrl, updatedAt: command.now } }];
    case 'AddAuthorizedDomain':
      return state.domains.includes(command.domain) ? [] : [{ type: 'AuthorizedDomainAdded', data: { domain: command.domain } }];
    case 'RemoveAuthorizedDomain':
      return state.domains.includes(command.domain) ? [{ type: 'AuthorizedDomainRemoved', data: { domain: command.domain } }] : [];
    case 'PreapproveStudents':
      return [...new Set(command.emails)]
        .filter((email) => !state.preapproved.includes(email))
        .map((email) => ({ type: 'StudentPreapproved', data: { email } }));
    case 'RevokePreapproval':
      return state.preapproved.includes(command.email) ? [{ type: 'StudentPreapprovalRevoked', data: { email: command.email } }] : [];
    case 'SetPdfHeaders':
      return setPdfHeaders(command, state.pdfHeaders);
    case 'SetAnalystNames':
      if (command.allowed === state.analystNames) return [];
      return [{ type: 'AnalystNamesSettingChanged', data: { allowNames: command.allowed, changedBy: command.by, at: command.now } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

function setPdfHeaders(command: Extract<SchoolCommand, { type: 'SetPdfHeaders' }>, current: PdfHeaderSettings): SchoolEvent[] {
  const { formats, defaultFormat, logoImageId, now } = command;
  const same = formats.join() === current.formats.join() && defaultFormat === current.defaultFormat && logoImageId === current.logoImageId;
  return same ? [] : [{ type: 'SchoolPdfHeadersUpdated', data: { formats, defaultFormat, logoImageId, updatedAt: now } }];
}

export const schoolDecider: Decider<SchoolCommand, SchoolEvent, School> = { decide, evolve, initialState };

export async function loadSchool(store: EventStore, tenant: string): Promise<School> {
  return fold(schoolDecider, await store.readStream(streamIds.tenant(tenant)));
}

/** Instructor signup: the address's domain is one the school authorised. */
export const domainAuthorized = (school: School, email: string) =>
  school.status === 'active' && school.domains.includes(email.split('@')[1]?.toLowerCase() ?? '');

/** Student signup: the address itself was pre-approved. */
export const studentPreapproved = (school: School, email: string) =>
  school.status === 'active' && school.preapproved.includes(email.toLowerCase());
