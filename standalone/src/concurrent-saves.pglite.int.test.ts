import { describe } from 'vitest';
import { concurrentSavesSuite } from './concurrent-saves.suite';

describe('concurrent saves on PGlite', () => concurrentSavesSuite(async () => ({})));
