import { describe } from 'vitest';
import { regradeRestartSuite } from './regrade-restart.suite';

describe('a regrade job across a restart on PGlite', () => regradeRestartSuite(async () => ({})));
