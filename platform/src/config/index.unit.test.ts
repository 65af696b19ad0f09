import { describe, expect, it } from 'vitest';
import { loadConfig } from './index';

describe('loadConfig', () => {
  it('applies defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      nodeEnv: 'development',
      sessionTtlHours: 12,
      cookieSecure: false,
      smtpUrl: undefined,
      mailFrom: 'Evergrade <no-reply@evergrade.local>',
      devOutbox: undefined,
      trustProxy: false,
      aiBaseUrl: undefined,
      aiApiKey: undefined,
      aiModel: undefined,
      aiTimeoutMs: 120_000,
      blobDir: undefined,
      blobSigningSecret: undefined,
      s3: undefined,
      feedbackUrl: undefined,
      operatorKey: undefined,
      landingPage: false,
      bookingUrl: undefined,
      signupUrl: undefined,
      guestDailyChats: undefined,
      siteGradingAccuracy: undefined,
      aiTtsModel: undefined,
      aiTtsVoice: 'alloy',
      guestCookieSecret: undefined,
      eventStoreUrl: undefined,
      redisUrl: undefined,
      metricsToken: undefined,
      kafka: undefined,
      projectionsFromKafka: [],
    });
  });

  it('reads and coerces every variable, treating empty ones as unset', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/evergrade',
        DATABASE_URL: 'postgres://u@db:5432/eg',
        NODE_ENV: 'production',
        SESSION_TTL_HOURS: '1.5',
        UNRELATED: 'x',
        SMTP_URL: 'smtp://mail:587',
        MAIL_FROM: 'School <s@x.org>',
        TRUST_PROXY: 'true',
        DEV_OUTBOX: 'true',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/evergrade',
      databaseUrl: 'postgres://u@db:5432/eg',
      nodeEnv: 'production',
      sessionTtlHours: 1.5,
      cookieSecure: true,
      smtpUrl: 'smtp://mail:587',
      mailFrom: 'School <s@x.org>',
      devOutbox: true,
      trustProxy: true,
      aiBaseUrl: undefined,
      aiApiKey: undefined,
      aiModel: undefined,
      aiTimeoutMs: 120_000,
      blobDir: undefined,
      blobSigningSecret: undefined,
      s3: undefined,
      feedbackUrl: undefined,
      operatorKey: undefined,
      landingPage: false,
      bookingUrl: undefined,
      signupUrl: undefined,
      guestDailyChats: undefined,
      siteGradingAccuracy: undefined,
      aiTtsModel: undefined,
      aiTtsVoice: 'alloy',
      guestCookieSecret: undefined,
      eventStoreUrl: undefined,
      redisUrl: undefined,
      metricsToken: undefined,
      kafka: undefined,
      projectionsFromKafka: [],
    });
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
    expect(loadConfig({ DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    expect(() => loadConfig({ DEV_OUTBOX: 'yes' })).toThrow(/at DEV_OUTBOX/);
  });

  it('turns the Kafka relay on with KAFKA_BROKERS, and feeds read models from it only with brokers', () => {
    expect(loadConfig({ KAFKA_BROKERS: 'k1:9092, k2:9092' }).kafka).toEqual({
      brokers: ['k1:9092', 'k2:9092'],
      topic: 'evergrade.events',
      clientId: 'evergrade',
      idempotent: true,
    });
    expect(
      loadConfig({
        KAFKA_BROKERS: 'k:9092',
        KAFKA_TOPIC: 't',
        KAFKA_CLIENT_ID: 'c',
        KAFKA_IDEMPOTENT: 'false',
        PROJECTIONS_FROM_KAFKA: 'audit, ',
      }),
    ).toMatchObject({ kafka: { brokers: ['k:9092'], topic: 't', clientId: 'c', idempotent: false }, projectionsFromKafka: ['audit'] });
    expect(() => loadConfig({ PROJECTIONS_FROM_KAFKA: 'audit' })).toThrow(/at PROJECTIONS_FROM_KAFKA/);
  });

  it('reads the public pages settings: landing page, links, guest allowance and an operator-set accuracy', () => {
    expect(
      loadConfig({
        LANDING_PAGE: 'true',
        BOOKING_URL: 'https://cal.example.org/evergrade',
        SIGNUP_URL: 'https://app.example.org/signup',
        GUEST_DAILY_CHATS: '3',
        SITE_GRADING_ACCURACY: '0.93',
      }),
    ).toMatchObject({
      landingPage: true,
      bookingUrl: 'https://cal.example.org/evergrade',
      signupUrl: 'https://app.example.org/signup',
      guestDailyChats: 3,
      siteGradingAccuracy: 0.93,
    });
    expect(() => loadConfig({ BOOKING_URL: 'javascript:alert(1)' })).toThrow(/at BOOKING_URL/);
    expect(() => loadConfig({ SITE_GRADING_ACCURACY: '99' })).toThrow(/at SITE_GRADING_ACCURACY/);
    expect(() => loadConfig({ LANDING_PAGE: 'yes' })).toThrow(/at LANDING_PAGE/);
  });

  it('reads the AI provider settings and wants a model with a base URL', () => {
    expect(
      loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000' }),
    ).toMatchObject({
      aiBaseUrl: 'http://localhost:11434/v1',
      aiModel: 'llama3.1',
      aiApiKey: 'k',
      aiTimeoutMs: 5000,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/at AI_MODEL/);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/at AI_BASE_URL/);
    expect(loadConfig({ AI_BASE_URL: '', AI_MODEL: '' })).toMatchObject({ aiBaseUrl: undefined, aiModel: undefined });
  });

  it("reads the operator's feedback form: an http(s) URL, or unset for the in-app form", () => {
    expect(loadConfig({ FEEDBACK_URL: 'https://forms.example.org/evergrade' }).feedbackUrl).toBe('https://forms.example.org/evergrade');
    expect(loadConfig({ FEEDBACK_URL: '' }).feedbackUrl).toBeUndefined();
    expect(() => loadConfig({ FEEDBACK_URL: 'javascript:alert(1)' })).toThrow(/at FEEDBACK_URL/);
  });

  it('names every invalid variable', () => {
    const load = () => loadConfig({ PORT: 'eighty', SESSION_TTL_HOURS: '-1', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    for (const name of ['PORT', 'SESSION_TTL_HOURS', 'DATABASE_URL', 'SMTP_URL']) expect(load).toThrow(new RegExp(`at ${name}`));
  });

  it('reads the blob settings: S3 only with a bucket, both keys or neither', () => {
    expect(loadConfig({ BLOB_DIR: '/srv/blobs', BLOB_SIGNING_SECRET: 'x'.repeat(32) })).toMatchObject({
      blobDir: '/srv/blobs',
      blobSigningSecret: 'x'.repeat(32),
      s3: undefined,
    });
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000' }).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'evergrade',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'evergrade',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'http://localhost:9000',
      region: 'eu-west-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' }).s3).toEqual({
      bucket: 'b',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const bad = () =>
      loadConfig({ BLOB_SIGNING_SECRET: 'short', S3_ENDPOINT: 'ftp://x', S3_FORCE_PATH_STYLE: 'yes', S3_ACCESS_KEY_ID: 'only-one' });
    for (const name of ['BLOB_SIGNING_SECRET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']) expect(bad).toThrow(new RegExp(`at ${name}`));
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
