import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetPositions, invalidateAt, maxPosition, minPositionFor } from './positions';

describe('read-your-writes positions', () => {
  it('compares numeric positions as numbers', () => {
    expect(maxPosition('9', '10')).toBe('10');
    expect(maxPosition(null, '3')).toBe('3');
  });

  it('hands the highest position to refetches under an invalidated prefix, for a while', async () => {
    forgetPositions();
    const client = new QueryClient();
    await invalidateAt(client, ['assignment-questions', 12], '41');
    await invalidateAt(client, ['assignment-questions'], '40');
    expect(minPositionFor(['assignment-questions', 12])).toBe('41');
    expect(minPositionFor(['assignment-questions', 13])).toBe('40');
    expect(minPositionFor(['student-assignments'])).toBeNull();
    expect(minPositionFor(['assignment-questions', 12], Date.now() + 60_000)).toBeNull();
  });
});
