import { describe } from 'vitest';
import { sliceSuite } from './slice.suite';

describe('slice on PGlite', () => sliceSuite(async () => ({})));
