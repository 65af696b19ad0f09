import { describe } from 'vitest';
import { noticeBusContract } from './bus.contract';
import { createInProcessBus } from './in-process';

describe('in-process notice bus', () => {
  noticeBusContract(async () => {
    const errors: unknown[] = [];
    const bus = createInProcessBus({ onError: (error) => errors.push(error) });
    return { publisher: bus, subscriber: bus, errors, cleanup: () => bus.close() };
  });
});
