import { ConfigError, type Env } from './config-env';

/* The AI engines' settings: moderation, speech and images, each from its environment variables. */

export interface ModerationConfig {
  /** OpenAI-compatible `/v1/moderations`: URL as given (the engine adds /v1 when missing). */
  openai: { url: string; apiKey: string | undefined; model: string | undefined } | undefined;
  /** A Llama Guard style model on an OpenAI-compatible chat server. */
  llamaGuard: { url: string; apiKey: string | undefined; model: string } | undefined;
  /** What checks pictures: the offline nsfwjs model, the /v1/moderations server, or nothing. */
  images: 'nsfwjs' | 'openai' | 'off';
  imageThreshold: number;
  timeoutMs: number;
  /** false only for measuring (bench): refused in production. */
  floor: boolean;
}

export function moderationConfig(e: Env): ModerationConfig {
  const openai = e.MODERATION_URL
    ? {
        url: e.MODERATION_URL.replace(/\/+$/, ''),
        apiKey: e.MODERATION_API_KEY,
        model: e.MODERATION_OPENAI_MODEL,
      }
    : undefined;
  let llamaGuard: ModerationConfig['llamaGuard'];
  if (e.MODERATION_MODEL) {
    const url = (e.MODERATION_CHAT_URL ?? e.LLM_BASE_URL)?.replace(/\/+$/, '');
    if (!url) {
      throw new ConfigError(
        'Invalid configuration:\n  MODERATION_MODEL needs a chat server: MODERATION_CHAT_URL or LLM_BASE_URL',
      );
    }
    // The chat key goes only to the chat server it was made for, never to another host.
    const onChatServer = url === e.LLM_BASE_URL?.replace(/\/+$/, '');
    llamaGuard = {
      url,
      apiKey: e.MODERATION_API_KEY ?? (onChatServer ? e.LLM_API_KEY : undefined),
      model: e.MODERATION_MODEL,
    };
  }
  if (e.MODERATION_IMAGES === 'openai' && !openai) {
    throw new ConfigError('Invalid configuration:\n  MODERATION_IMAGES=openai needs MODERATION_URL');
  }
  if (e.MODERATION_FLOOR === 'off' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  MODERATION_FLOOR: the offline floor is never off in production',
    );
  }
  return {
    floor: e.MODERATION_FLOOR === 'on',
    openai,
    llamaGuard,
    images: e.MODERATION_IMAGES,
    imageThreshold: e.MODERATION_IMAGE_THRESHOLD,
    timeoutMs: e.MODERATION_TIMEOUT_MS,
  };
}

export interface SpeechConfig {
  engine: 'espeak' | 'elevenlabs' | 'openai';
  clone: 'convert' | 'elevenlabs';
  elevenlabs:
    | {
        url: string;
        apiKey: string;
        voiceIds: Record<string, string>;
        defaultVoiceId: string | undefined;
        modelId: string;
      }
    | undefined;
  openai:
    | {
        url: string;
        apiKey: string | undefined;
        model: string;
        voices: Record<string, string>;
        defaultVoice: string;
      }
    | undefined;
}

const pairs = (value: string): Record<string, string> =>
  Object.fromEntries(
    value
      .split(',')
      .map((p) => p.split('=').map((s) => s.trim()))
      .filter((p): p is [string, string] => p.length === 2 && !!p[0] && !!p[1]),
  );

export function speechConfig(e: Env): SpeechConfig {
  const elevenlabs = e.ELEVENLABS_API_KEY
    ? {
        url: e.ELEVENLABS_URL.replace(/\/+$/, ''),
        apiKey: e.ELEVENLABS_API_KEY,
        voiceIds: pairs(e.ELEVENLABS_VOICE_IDS),
        defaultVoiceId: e.ELEVENLABS_DEFAULT_VOICE_ID,
        modelId: e.ELEVENLABS_MODEL_ID,
      }
    : undefined;
  const openai = e.SPEECH_OPENAI_URL
    ? {
        url: e.SPEECH_OPENAI_URL.replace(/\/+$/, ''),
        apiKey: e.SPEECH_API_KEY,
        model: e.SPEECH_MODEL,
        voices: pairs(e.SPEECH_VOICES),
        defaultVoice: e.SPEECH_DEFAULT_VOICE,
      }
    : undefined;
  const engine = e.SPEECH_ENGINE ?? (elevenlabs ? 'elevenlabs' : openai ? 'openai' : 'espeak');
  if ((engine === 'elevenlabs' && !elevenlabs) || (engine === 'openai' && !openai)) {
    throw new ConfigError(`Invalid configuration:\n  SPEECH_ENGINE=${engine} needs its key or URL`);
  }
  const clone = e.CLONE_ENGINE ?? (elevenlabs ? 'elevenlabs' : 'convert');
  if (clone === 'elevenlabs' && !elevenlabs) {
    throw new ConfigError('Invalid configuration:\n  CLONE_ENGINE=elevenlabs needs ELEVENLABS_API_KEY');
  }
  return { engine, clone, elevenlabs, openai };
}

export interface ImageEngineConfig {
  engine: 'preview' | 'a1111' | 'comfyui' | 'openai';
  url: string | undefined;
  apiKey: string | undefined;
  workflow: string | undefined;
  /** ComfyUI: the workflow that takes a reference picture ('off': none). */
  referenceWorkflow: string | undefined;
  /** A1111: how a reference picture is used. */
  a1111Reference: 'img2img' | 'ip-adapter' | 'off';
  models: { standard: string | undefined; advanced: string | undefined };
  timeoutMs: number;
  /**
   * The style tiles with a real engine: drawn by it on first request (`lazy`), all at start
   * (`start`), or never (`off`: the offline drawings stay). Without a real engine, the drawings.
   */
  styleSamples: 'lazy' | 'start' | 'off';
}

export function imageConfig(e: Env): ImageEngineConfig {
  const engine =
    e.IMAGE_ENGINE ??
    (e.IMAGE_A1111_URL
      ? 'a1111'
      : e.IMAGE_COMFYUI_URL
        ? 'comfyui'
        : e.IMAGE_OPENAI_URL
          ? 'openai'
          : 'preview');
  const url = {
    preview: undefined,
    a1111: e.IMAGE_A1111_URL,
    comfyui: e.IMAGE_COMFYUI_URL,
    openai: e.IMAGE_OPENAI_URL,
  }[engine];
  if (engine !== 'preview' && !url) {
    throw new ConfigError(
      `Invalid configuration:\n  IMAGE_ENGINE=${engine} needs IMAGE_${engine.toUpperCase()}_URL`,
    );
  }
  return {
    engine,
    url: url?.replace(/\/+$/, ''),
    apiKey: e.IMAGE_API_KEY,
    workflow: e.IMAGE_COMFYUI_WORKFLOW,
    referenceWorkflow: e.IMAGE_COMFYUI_REFERENCE_WORKFLOW,
    a1111Reference: e.IMAGE_A1111_REFERENCE,
    models: { standard: e.IMAGE_MODEL_STANDARD, advanced: e.IMAGE_MODEL_ADVANCED },
    timeoutMs: e.IMAGE_TIMEOUT_MS,
    styleSamples: e.IMAGE_STYLE_SAMPLES,
  };
}

/**
 * TRUST_PROXY as Fastify takes it: off, a hop count, or addresses and CIDR ranges. "true" (trust
 * whoever connects) is refused: any client could then write its own address.
 */
