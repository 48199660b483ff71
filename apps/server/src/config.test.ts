import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The ConfigError loadConfig throws for an environment, so its message can be checked. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dailyFreeCredits).toBe(30);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.env).toBe('production');
    expect(config.trustProxy).toBe(false);
    expect(config.bodyLimitBytes).toBe(1_048_576);
    expect(config.requestTimeoutMs).toBe(60_000);
    expect(config.sessionTtlMs).toBe(24 * 3_600_000);
    expect(config.webDistDir).toBeUndefined();
  });

  it('reads only the environment it is given', () => {
    const config = loadConfig({
      PORT: '3001',
      DATA_DIR: '/var/lib/lumi',
      DAILY_FREE_CREDITS: '45',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 3001,
      dataDir: '/var/lib/lumi',
      dailyFreeCredits: 45,
      trustProxy: 1,
    });
    expect(loadConfig({ DATA_DIR: 'rel/dir' }).dataDir).toBe(path.resolve('rel/dir'));
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h:5432/db' }).databaseUrl).toBe(
      'postgresql://u@h:5432/db',
    );
    expect(loadConfig({ SESSION_TTL_HOURS: '2' }).sessionTtlMs).toBe(2 * 3_600_000);
  });

  it('refuses PORT=abc with a ConfigError naming PORT', () => {
    const error = configError({ PORT: 'abc' });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).not.toMatch(/\bDATABASE_URL\b/);
  });

  it.each(['-1', '65536', '80.5'])('refuses PORT=%s', (port) => {
    expect(configError({ PORT: port }).message).toMatch(/\bPORT\b/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming DATABASE_URL', () => {
    const error = configError({ DATABASE_URL: 'mysql://x' });
    expect(error.message).toMatch(/\bDATABASE_URL\b/);
    expect(error.message).not.toMatch(/\bPORT\b/);
  });

  it('names every bad setting at once', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', DAILY_FREE_CREDITS: '-3' });
    for (const name of ['PORT', 'DATABASE_URL', 'DAILY_FREE_CREDITS']) expect(error.message).toContain(name);
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it.each(['true', 'yes', 'maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8,everyone', '99'])(
    'refuses TRUST_PROXY=%s: never "trust everything" or a value it cannot read',
    (value) => {
      expect(configError({ TRUST_PROXY: value }).message).toContain('TRUST_PROXY');
    },
  );

  it('hides a reported item at 3 reports by default; REPORT_HIDE_THRESHOLD sets it, 1 or more', () => {
    expect(loadConfig({}).reportHideThreshold).toBe(3);
    expect(loadConfig({ REPORT_HIDE_THRESHOLD: '5' }).reportHideThreshold).toBe(5);
    expect(loadConfig({ REPORT_HIDE_THRESHOLD: '' }).reportHideThreshold).toBe(3);
    for (const bad of ['0', '-2', '2.5', 'many']) {
      expect(configError({ REPORT_HIDE_THRESHOLD: bad }).message).toContain('REPORT_HIDE_THRESHOLD');
    }
  });

  it('moderates pictures offline with nsfwjs and no text backend by default', () => {
    expect(loadConfig({}).moderation).toEqual({
      floor: true,
      openai: undefined,
      llamaGuard: undefined,
      images: 'nsfwjs',
      imageThreshold: 0.7,
      timeoutMs: 5_000,
    });
  });

  it('reads the OpenAI-compatible moderation backend from MODERATION_URL', () => {
    const config = loadConfig({
      MODERATION_URL: 'https://api.openai.com/',
      MODERATION_API_KEY: 'sk-mod',
      MODERATION_OPENAI_MODEL: 'omni-moderation-latest',
      MODERATION_IMAGES: 'openai',
      MODERATION_TIMEOUT_MS: '3000',
    });
    expect(config.moderation).toMatchObject({
      openai: { url: 'https://api.openai.com', apiKey: 'sk-mod', model: 'omni-moderation-latest' },
      llamaGuard: undefined,
      images: 'openai',
      timeoutMs: 3000,
    });
    expect(configError({ MODERATION_IMAGES: 'openai' }).message).toContain('MODERATION_URL');
    expect(configError({ MODERATION_URL: 'not a url' }).message).toContain('MODERATION_URL');
  });

  it('runs Llama Guard on the chat server by default, with its key only there', () => {
    const onChat = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:8000/v1/',
      LLM_API_KEY: 'sk-chat',
      MODERATION_MODEL: 'meta-llama/Llama-Guard-3-8B',
    });
    expect(onChat.moderation.llamaGuard).toEqual({
      url: 'http://127.0.0.1:8000/v1',
      apiKey: 'sk-chat',
      model: 'meta-llama/Llama-Guard-3-8B',
    });
    // Another server gets MODERATION_API_KEY, never the chat key.
    const elsewhere = {
      LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
      LLM_API_KEY: 'sk-chat',
      MODERATION_MODEL: 'llama-guard3:1b',
      MODERATION_CHAT_URL: 'http://127.0.0.1:11434',
    };
    expect(loadConfig(elsewhere).moderation.llamaGuard).toEqual({
      url: 'http://127.0.0.1:11434',
      apiKey: undefined,
      model: 'llama-guard3:1b',
    });
    expect(loadConfig({ ...elsewhere, MODERATION_API_KEY: 'sk-mod' }).moderation.llamaGuard?.apiKey).toBe(
      'sk-mod',
    );
    expect(configError({ MODERATION_MODEL: 'llama-guard3:1b' }).message).toMatch(
      /MODERATION_CHAT_URL|LLM_BASE_URL/,
    );
  });

  it('turns picture moderation off or moves its threshold, within 0.05..1', () => {
    expect(loadConfig({ MODERATION_IMAGES: 'off' }).moderation.images).toBe('off');
    expect(loadConfig({ MODERATION_IMAGE_THRESHOLD: '0.85' }).moderation.imageThreshold).toBe(0.85);
    for (const bad of ['0', '1.5', 'high']) {
      expect(configError({ MODERATION_IMAGE_THRESHOLD: bad }).message).toContain(
        'MODERATION_IMAGE_THRESHOLD',
      );
    }
    expect(configError({ MODERATION_IMAGES: 'clip' }).message).toContain('MODERATION_IMAGES');
    expect(configError({ MODERATION_TIMEOUT_MS: '10' }).message).toContain('MODERATION_TIMEOUT_MS');
  });

  it('refuses the dev outbox in production', () => {
    expect(configError({ DEV_OUTBOX: 'true', NODE_ENV: 'production' }).message).toContain('DEV_OUTBOX');
    expect(loadConfig({ DEV_OUTBOX: 'true', NODE_ENV: 'development' }).devOutbox).toBe(true);
    expect(configError({ MODERATION_FLOOR: 'off', NODE_ENV: 'production' }).message).toContain(
      'MODERATION_FLOOR',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).devOutbox).toBe(false);
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      DAILY_FREE_CREDITS: '',
      TRUST_PROXY: '',
      WEB_DIST_DIR: '',
      SITE_NAME: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      dailyFreeCredits: 30,
      trustProxy: false,
      webDistDir: undefined,
      siteName: 'Lumi AI',
    });
  });
});
