import { describe, it } from 'vitest';
import { NotFoundError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { schoolDecider, type SchoolEvent } from './school';

const spec = specFor(schoolDecider);
const registered: SchoolEvent = {
  type: 'TenantRegistered',
  data: { tenant: 'demo', name: 'Demo School', registeredAt: '2026-01-01T00:00:00.000Z' },
};

describe('school', () => {
  it('adds an authorised domain once', () => {
    spec([registered])
      .when({ type: 'AddAuthorizedDomain', domain: 'demo.school' })
      .then([{ type: 'AuthorizedDomainAdded', data: { domain: 'demo.school' } }]);
    spec([registered, { type: 'AuthorizedDomainAdded', data: { domain: 'demo.school' } }])
      .when({ type: 'AddAuthorizedDomain', domain: 'demo.school' })
      .then([]);
  });

  it('pre-approves only addresses not already approved, each once', () => {
    spec([registered, { type: 'StudentPreapproved', data: { email: 'a@demo.school' } }])
      .when({ type: 'PreapproveStudents', emails: ['a@demo.school', 'b@demo.school', 'b@demo.school'] })
      .then([{ type: 'StudentPreapproved', data: { email: 'b@demo.school' } }]);
  });

  it('revokes a pre-approval that exists, and ignores one that does not', () => {
    spec([registered, { type: 'StudentPreapproved', data: { email: 'a@demo.school' } }])
      .when({ type: 'RevokePreapproval', email: 'a@demo.school' })
      .then([{ type: 'StudentPreapprovalRevoked', data: { email: 'a@demo.school' } }]);
    spec([registered]).when({ type: 'RevokePreapproval', email: 'a@demo.school' }).then([]);
  });

  it('changes branding only when it differs', () => {
    spec([registered]).when({ type: 'UpdateBranding', name: 'Demo School', logoUrl: null, now: 'x' }).then([]);
    spec([registered])
      .when({ type: 'UpdateBranding', name: 'Demo High', logoUrl: null, now: '2026-02-01T00:00:00.000Z' })
      .then([{ type: 'SchoolBrandingUpdated', data: { name: 'Demo High', logoUrl: null, updatedAt: '2026-02-01T00:00:00.000Z' } }]);
  });

  it('refuses commands for a school that does not exist', () => {
    spec([]).when({ type: 'AddAuthorizedDomain', domain: 'x.org' }).thenThrows(NotFoundError);
  });
});
