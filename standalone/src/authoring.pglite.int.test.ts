import { describe } from 'vitest';
import { authoringSuite } from './authoring.suite';

describe('authoring on PGlite', () => authoringSuite(async () => ({})));
