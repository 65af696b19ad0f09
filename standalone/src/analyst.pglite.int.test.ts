import { describe } from 'vitest';
import { analystSuite } from './analyst.suite';

describe('analyst reports on PGlite', () => analystSuite(async () => ({})));
