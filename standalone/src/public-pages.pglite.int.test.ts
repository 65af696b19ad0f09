import { describe } from 'vitest';
import { publicPagesSuite, publicSettingsSuite } from './public-pages.suite';

describe('public pages and speech on PGlite', () => publicPagesSuite(async () => ({})));
describe("the operator's public page settings on PGlite", () => publicSettingsSuite(async () => ({})));
