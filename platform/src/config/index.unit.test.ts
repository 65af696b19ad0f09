import { describe, expect, it } from 'vitest';
import { loadConfig } from './index';

describe('loadConfig', () => {
  it('applies defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000, host: '0.0.0.0', dataDir: './data', databaseUrl: undefined, nodeEnv: 'development', sessionTtlHours: 12,
      cookieSecure: false, smtpUrl: undefined, mailFrom: 'Evergrade <no-reply@evergrade.local>', trustProxy: false,
      aiBaseUrl: undefined, aiApiKey: undefined, aiModel: undefined, aiTimeoutMs: 120_000,
    });
  });

  it('reads and coerces every variable, treating empty ones as unset', () => {
    expect(
      loadConfig({
        PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/var/evergrade', DATABASE_URL: 'postgres://u@db:5432/eg',
        NODE_ENV: 'production', SESSION_TTL_HOURS: '1.5', UNRELATED: 'x', SMTP_URL: 'smtp://mail:587', MAIL_FROM: 'School <s@x.org>', TRUST_PROXY: 'true',
      }),
    ).toEqual({
      port: 8080, host: '127.0.0.1', dataDir: '/var/evergrade', databaseUrl: 'postgres://u@db:5432/eg',
      nodeEnv: 'production', sessionTtlHours: 1.5, cookieSecure: true, smtpUrl: 'smtp://mail:587', mailFrom: 'School <s@x.org>', trustProxy: true,
      aiBaseUrl: undefined, aiApiKey: undefined, aiModel: undefined, aiTimeoutMs: 120_000,
    });
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('reads the AI provider settings and wants a model with a base URL', () => {
    expect(loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000' })).toMatchObject({
      aiBaseUrl: 'http://localhost:11434/v1', aiModel: 'llama3.1', aiApiKey: 'k', aiTimeoutMs: 5000,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/at AI_MODEL/);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/at AI_BASE_URL/);
    expect(loadConfig({ AI_BASE_URL: '', AI_MODEL: '' })).toMatchObject({ aiBaseUrl: undefined, aiModel: undefined });
  });

  it('names every invalid variable', () => {
    const load = () => loadConfig({ PORT: 'eighty', SESSION_TTL_HOURS: '-1', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    for (const name of ['PORT', 'SESSION_TTL_HOURS', 'DATABASE_URL', 'SMTP_URL']) expect(load).toThrow(new RegExp(`at ${name}`));
  });
});
