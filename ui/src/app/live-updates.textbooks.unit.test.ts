import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { textbookKeys } from '../features/textbooks/api/keys';
import { minPositionFor } from '../lib/positions';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('live notices for textbooks', () => {
  it('a textbooks notice (a book added, indexed or removed) refreshes the management list and the pickers at its position', () => {
    const client = new QueryClient();
    for (const key of [textbookKeys.all, textbookKeys.manage(), ['admin']]) client.setQueryData(key, null);
    applyNotice(client, { projection: PROJECTIONS.textbooks, keys: ['textbooks'], position: '31' });
    expect(stale(client, textbookKeys.all)).toBe(true);
    expect(stale(client, textbookKeys.manage())).toBe(true);
    expect(stale(client, ['admin'])).toBe(false);
    expect(minPositionFor(textbookKeys.manage())).toBe('31');
  });
});
