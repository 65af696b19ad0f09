import { describe } from 'vitest';
import { gradingSuite } from './grading.suite';

describe('grading on PGlite', () => gradingSuite(async () => ({})));
