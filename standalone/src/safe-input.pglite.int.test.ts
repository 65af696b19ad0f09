import { describe } from 'vitest';
import { safeInputSuite } from './safe-input.suite';

describe('safe input on PGlite', () => safeInputSuite(async () => ({})));
