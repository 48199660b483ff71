import { z } from 'zod';
import { paymentModesSchema } from './api/payments';

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
  /** Each way to pay: a real provider, or the built-in test checkout (no keys configured). */
  payments: paymentModesSchema,
  /** Text to speech runs on the offline engine (eSpeak NG): the voice page says so from the start. */
  speechOffline: z.boolean().optional(),
  /** Pictures are drawn by the offline preview renderer: the image pages say so, and that it is free. */
  imagePreview: z.boolean().optional(),
  /**
   * The style tiles are real samples made by the configured image engine, served by the server
   * (GET /cgi-bin/presets/<id>.webp); otherwise the page shows the offline drawings it ships.
   */
  styleSamples: z.boolean().optional(),
  /** Replies come from the offline demo chat engine: chat pages say so, and that they are free. */
  chatDemo: z.boolean().optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
