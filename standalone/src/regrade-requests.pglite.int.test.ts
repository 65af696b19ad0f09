import { describe } from 'vitest';
import { regradeRequestsSuite } from './regrade-requests.suite';

describe('regrade requests on PGlite', () => regradeRequestsSuite(async () => ({})));
