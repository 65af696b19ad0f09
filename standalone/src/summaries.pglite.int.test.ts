import { describe } from 'vitest';
import { summariesSuite } from './summaries.suite';

describe('written summaries on PGlite', () => summariesSuite(async () => ({})));
