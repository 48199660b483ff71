import type { AppConfig } from '@lumi/contract';

const DEFAULTS: AppConfig = {
  siteName: 'Lumi AI',
  dailyFreeCredits: 30,
  supportEmail: 'support@lumi.example',
  links: {
    sisterChat: 'https://chat.lumi.example',
    video: 'https://video.lumi.example',
    chatCommunity: 'https://discord.com/invite/lumi',
    shortVideo: 'https://www.tiktok.com/@lumi',
    social: 'https://x.com/lumi',
  },
  payments: { card: 'test', crypto: 'test' },
};

function read(): AppConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!element?.textContent) return DEFAULTS;
  try {
    const given = JSON.parse(element.textContent) as Partial<AppConfig>;
    return {
      ...DEFAULTS,
      ...given,
      links: { ...DEFAULTS.links, ...given.links },
      payments: { ...DEFAULTS.payments, ...given.payments },
    };
  } catch {
    return DEFAULTS;
  }
}

/** The operator's settings the server inlined into index.html (see the server's web plugin). */
export const appConfig: AppConfig = read();
