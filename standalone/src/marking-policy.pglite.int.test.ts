import { describe } from 'vitest';
import { markingPolicySuite } from './marking-policy.suite';

describe('marking policy on PGlite', () => markingPolicySuite(async () => ({})));
