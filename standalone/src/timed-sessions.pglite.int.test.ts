import { describe } from 'vitest';
import { timedSessionsSuite } from './timed-sessions.suite';

describe('autosave and timed sessions on PGlite', () => timedSessionsSuite(async () => ({})));
