import { describe } from 'vitest';
import { auditSuite } from './audit.suite';

describe('audit history on PGlite', () => auditSuite(async () => ({})));
