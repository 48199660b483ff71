import { z } from 'zod';

/**
 * What the server tells the page at load time (injected into index.html): values the page
 * must show but the operator configures.
 */
export const appConfigSchema = z.object({
  siteName: z.string(),
  dailyFreeCredits: z.number().int(),
  supportEmail: z.string(),
  links: z.object({
    sisterChat: z.string(),
    video: z.string(),
    chatCommunity: z.string(),
    shortVideo: z.string(),
    social: z.string(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
