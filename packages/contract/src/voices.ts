/**
 * The 17 preset voices of the voice generator (spec §3: voice_id, name, gender, age, accent,
 * use_case, description). `espeak` says how the embedded eSpeak NG engine speaks each one
 * (language and accent, variant, pitch 0-99, words per minute), so every preset sounds distinct
 * offline; real engines map voice_id to their own voices by configuration.
 */
export interface VoicePreset {
  voice_id: string;
  name: string;
  gender: 'female' | 'male';
  age: 'young' | 'middle_aged' | 'old';
  accent: 'american' | 'british' | 'australian' | 'irish' | 'scottish' | 'caribbean' | 'indian';
  use_case:
    'narration' | 'conversational' | 'news' | 'characters' | 'audiobook' | 'meditation' | 'advertisement';
  /** A few words in English; the page shows its own translation under voices.<id>.description. */
  description: string;
  espeak: { voice: string; variant: string; pitch: number; speed: number };
}

export const VOICES: readonly VoicePreset[] = [
  {
    voice_id: 'aria',
    name: 'Aria',
    gender: 'female',
    age: 'young',
    accent: 'american',
    use_case: 'conversational',
    description: 'bright and friendly',
    espeak: { voice: 'en-us', variant: 'f3', pitch: 62, speed: 170 },
  },
  {
    voice_id: 'bella',
    name: 'Bella',
    gender: 'female',
    age: 'young',
    accent: 'american',
    use_case: 'narration',
    description: 'soft and warm',
    espeak: { voice: 'en-us', variant: 'f2', pitch: 55, speed: 155 },
  },
  {
    voice_id: 'clara',
    name: 'Clara',
    gender: 'female',
    age: 'middle_aged',
    accent: 'british',
    use_case: 'news',
    description: 'clear and confident',
    espeak: { voice: 'en-gb-x-rp', variant: 'f1', pitch: 50, speed: 165 },
  },
  {
    voice_id: 'daisy',
    name: 'Daisy',
    gender: 'female',
    age: 'young',
    accent: 'australian',
    use_case: 'advertisement',
    description: 'upbeat and lively',
    espeak: { voice: 'en-gb-x-gbclan', variant: 'f4', pitch: 70, speed: 180 },
  },
  {
    voice_id: 'elena',
    name: 'Elena',
    gender: 'female',
    age: 'middle_aged',
    accent: 'irish',
    use_case: 'audiobook',
    description: 'gentle storyteller',
    espeak: { voice: 'en-gb-x-gbcwmd', variant: 'Annie', pitch: 48, speed: 150 },
  },
  {
    voice_id: 'freya',
    name: 'Freya',
    gender: 'female',
    age: 'young',
    accent: 'scottish',
    use_case: 'characters',
    description: 'playful and expressive',
    espeak: { voice: 'en-gb-scotland', variant: 'f5', pitch: 66, speed: 172 },
  },
  {
    voice_id: 'grace',
    name: 'Grace',
    gender: 'female',
    age: 'old',
    accent: 'british',
    use_case: 'meditation',
    description: 'calm and soothing',
    espeak: { voice: 'en-gb', variant: 'aunty', pitch: 40, speed: 135 },
  },
  {
    voice_id: 'hana',
    name: 'Hana',
    gender: 'female',
    age: 'young',
    accent: 'indian',
    use_case: 'conversational',
    description: 'cheerful and clear',
    espeak: { voice: 'en-gb', variant: 'Andrea', pitch: 60, speed: 165 },
  },
  {
    voice_id: 'iris',
    name: 'Iris',
    gender: 'female',
    age: 'middle_aged',
    accent: 'caribbean',
    use_case: 'narration',
    description: 'rich and melodic',
    espeak: { voice: 'en-029', variant: 'f2', pitch: 45, speed: 158 },
  },
  {
    voice_id: 'adam',
    name: 'Adam',
    gender: 'male',
    age: 'middle_aged',
    accent: 'american',
    use_case: 'narration',
    description: 'deep and steady',
    espeak: { voice: 'en-us', variant: 'm3', pitch: 30, speed: 155 },
  },
  {
    voice_id: 'ben',
    name: 'Ben',
    gender: 'male',
    age: 'young',
    accent: 'american',
    use_case: 'conversational',
    description: 'casual and relaxed',
    espeak: { voice: 'en-us', variant: 'm1', pitch: 45, speed: 170 },
  },
  {
    voice_id: 'charles',
    name: 'Charles',
    gender: 'male',
    age: 'old',
    accent: 'british',
    use_case: 'audiobook',
    description: 'wise and measured',
    espeak: { voice: 'en-gb-x-rp', variant: 'm7', pitch: 25, speed: 140 },
  },
  {
    voice_id: 'dylan',
    name: 'Dylan',
    gender: 'male',
    age: 'young',
    accent: 'australian',
    use_case: 'advertisement',
    description: 'energetic and punchy',
    espeak: { voice: 'en-gb-x-gbclan', variant: 'm2', pitch: 50, speed: 185 },
  },
  {
    voice_id: 'ethan',
    name: 'Ethan',
    gender: 'male',
    age: 'middle_aged',
    accent: 'british',
    use_case: 'news',
    description: 'authoritative anchor',
    espeak: { voice: 'en-gb', variant: 'm4', pitch: 38, speed: 165 },
  },
  {
    voice_id: 'finn',
    name: 'Finn',
    gender: 'male',
    age: 'young',
    accent: 'irish',
    use_case: 'characters',
    description: 'mischievous and bright',
    espeak: { voice: 'en-gb-x-gbcwmd', variant: 'm5', pitch: 55, speed: 175 },
  },
  {
    voice_id: 'gordon',
    name: 'Gordon',
    gender: 'male',
    age: 'old',
    accent: 'scottish',
    use_case: 'meditation',
    description: 'slow and grounding',
    espeak: { voice: 'en-gb-scotland', variant: 'm6', pitch: 20, speed: 130 },
  },
  {
    voice_id: 'hugo',
    name: 'Hugo',
    gender: 'male',
    age: 'middle_aged',
    accent: 'caribbean',
    use_case: 'characters',
    description: 'bold and theatrical',
    espeak: { voice: 'en-029', variant: 'm2', pitch: 35, speed: 160 },
  },
];

export const VOICE_IDS = VOICES.map((v) => v.voice_id);
export const voiceById = (id: string) => VOICES.find((v) => v.voice_id === id);

export const SPEECH_LIMITS = {
  /** Longest text one request speaks. */
  text: 5000,
  /** The voice to clone: 10 to 20 s, up to 100 MB (spec §5). */
  referenceMinSeconds: 10,
  referenceMaxSeconds: 20,
  referenceMaxBytes: 100 * 1024 * 1024,
  /** A recorded or uploaded script: at most 1 minute (spec §5), up to 200 MB. */
  scriptMaxSeconds: 60,
  scriptMaxBytes: 200 * 1024 * 1024,
  /** Longest audio a clone answers (spec §7: 200 s). */
  cloneMaxSeconds: 200,
} as const;

/** Audio containers the cloning page accepts (spec §5), told apart by content. */
export const AUDIO_FORMATS = ['wav', 'mp3', 'aac', 'ogg', 'mp4'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
