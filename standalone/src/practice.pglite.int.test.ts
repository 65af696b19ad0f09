import { describe } from 'vitest';
import { practiceSuite } from './practice.suite';

describe('practice assignments on PGlite', () => practiceSuite(async () => ({})));
