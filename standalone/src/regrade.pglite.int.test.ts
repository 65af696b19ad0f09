import { describe } from 'vitest';
import { regradeSuite } from './regrade.suite';

describe('regrade instructions and jobs on PGlite', () => regradeSuite(async () => ({})));
