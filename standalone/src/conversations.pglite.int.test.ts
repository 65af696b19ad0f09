import { describe } from 'vitest';
import { conversationsSuite } from './conversations.suite';

describe('AURA conversations on PGlite', () => conversationsSuite(async () => ({})));
