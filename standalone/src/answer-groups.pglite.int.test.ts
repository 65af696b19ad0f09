import { describe } from 'vitest';
import { answerGroupsSuite } from './answer-groups.suite';

describe('answer groups on PGlite', () => answerGroupsSuite(async () => ({})));
