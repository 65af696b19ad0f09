import { describe } from 'vitest';
import { responseCropSuite } from './response-crop.suite';

describe('handwriting and page crops on PGlite', () => responseCropSuite(async () => ({})));
