/**
 * The image tools' vocabulary (spec §2, §3): the four generators, their presets (a name key for
 * the page, an English prompt prefix for the model, a sample image), sizes, and the girl
 * builder's options. Zod-free, so tool pages import it without the schema library.
 */
import { COSTS } from './credits';

export const IMAGE_TOOLS = ['image', 'anime', 'girl', 'tattoo'] as const;
export type ImageTool = (typeof IMAGE_TOOLS)[number];

export const IMAGE_SPEEDS = ['slow', 'fast'] as const;
export type ImageSpeed = (typeof IMAGE_SPEEDS)[number];

export const IMAGE_MODELS = ['standard', 'advanced'] as const;
export type ImageModel = (typeof IMAGE_MODELS)[number];

/** Output sizes, width x height; every engine is asked for exactly these. */
export const IMAGE_SIZES = ['1024x1024', '768x1024', '1024x768', '576x1024', '1024x576'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const DEFAULT_IMAGE_SIZE: ImageSize = '768x1024';

export function parseImageSize(size: ImageSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

export const IMAGE_LIMITS = {
  prompt: 1000,
  negativePrompt: 1000,
  maxCount: 4,
} as const;

/** Credits of one image of the model (decisions.md). */
export function imageCost(model: ImageModel, count: number): number {
  return (model === 'advanced' ? COSTS.imageAdvanced : COSTS.imageStandard) * count;
}

export interface ImagePreset {
  /** Unique across tools; the page's name key is `presets.<id>`. */
  id: string;
  tool: Exclude<ImageTool, 'image'>;
  /** Put before the user's prompt, in English (what image models read best). */
  prefix: string;
  /** Used when the user leaves the prompt empty. */
  defaultPrompt: string;
}

const preset = (
  tool: ImagePreset['tool'],
  id: string,
  prefix: string,
  defaultPrompt: string,
): ImagePreset => ({
  id,
  tool,
  prefix,
  defaultPrompt,
});

export const IMAGE_PRESETS: readonly ImagePreset[] = [
  preset(
    'anime',
    'anime-classic',
    'classic anime style, clean line art, cel shading, vibrant colors',
    'a young woman with long hair on a rooftop at sunset',
  ),
  preset(
    'anime',
    'anime-watercolor',
    'soft watercolor anime style, painterly backgrounds, gentle light',
    'a quiet village street after rain',
  ),
  preset(
    'anime',
    'anime-shoujo',
    'shoujo manga style, sparkling eyes, pastel palette, flowers',
    'a couple under cherry blossoms',
  ),
  preset(
    'anime',
    'anime-shonen',
    'shonen action anime style, dynamic pose, speed lines, bold shading',
    'a hero charging into battle',
  ),
  preset(
    'anime',
    'anime-chibi',
    'chibi style, cute small body, big head, simple shapes',
    'a cat girl eating ramen',
  ),
  preset(
    'anime',
    'anime-cyberpunk',
    'cyberpunk anime style, neon lights, rain, futuristic city',
    'a hacker in a neon alley',
  ),
  preset(
    'anime',
    'anime-retro',
    '1990s retro anime style, film grain, muted colors, VHS look',
    'a girl listening to music on a train',
  ),
  preset(
    'anime',
    'anime-mecha',
    'mecha anime style, giant robot, detailed mechanical design',
    'a pilot beside her robot in a hangar',
  ),
  preset(
    'anime',
    'anime-fantasy',
    'fantasy anime style, magic, glowing runes, epic landscape',
    'a mage casting a spell over a valley',
  ),
  preset(
    'anime',
    'anime-dark',
    'dark fantasy anime style, dramatic shadows, gothic mood',
    'a knight in a ruined cathedral',
  ),
  preset(
    'anime',
    'anime-slice-of-life',
    'slice of life anime style, warm daylight, cozy details',
    'friends studying in a cafe',
  ),
  preset(
    'anime',
    'anime-idol',
    'idol anime style, stage lights, sparkles, energetic',
    'a singer on a concert stage',
  ),
  preset(
    'girl',
    'girl-portrait',
    'photorealistic portrait, soft studio light, 85mm lens, sharp focus',
    'a smiling woman with freckles',
  ),
  preset(
    'girl',
    'girl-anime',
    'beautiful anime girl, detailed eyes, soft shading',
    'a girl with silver hair in a garden',
  ),
  preset(
    'girl',
    'girl-fitness',
    'photorealistic fitness photo, gym, athletic wear, natural light',
    'a woman stretching after a workout',
  ),
  preset(
    'girl',
    'girl-elegant',
    'elegant evening look, photorealistic, bokeh city lights',
    'a woman in an evening gown on a balcony',
  ),
  preset(
    'girl',
    'girl-cosplay',
    'cosplay photo, detailed costume, convention setting',
    'a woman dressed as a space captain',
  ),
  preset(
    'girl',
    'girl-beach',
    'photorealistic beach photo, golden hour, ocean breeze',
    'a woman walking along the shore',
  ),
  preset(
    'girl',
    'girl-gothic',
    'gothic style, dark makeup, lace, moody light',
    'a woman in a candlelit library',
  ),
  preset(
    'girl',
    'girl-office',
    'photorealistic office portrait, business attire, modern office',
    'a confident woman at her desk',
  ),
  preset(
    'girl',
    'girl-elf',
    'fantasy elf woman, pointed ears, forest light, detailed',
    'an elf archer in an ancient forest',
  ),
  preset(
    'girl',
    'girl-street',
    'streetwear fashion photo, urban background, candid',
    'a woman with headphones in the city',
  ),
  preset(
    'tattoo',
    'tattoo-traditional',
    'traditional tattoo design, bold outlines, limited palette, white background',
    'a swallow with a banner',
  ),
  preset(
    'tattoo',
    'tattoo-fineline',
    'fine line tattoo design, delicate thin lines, white background',
    'a sprig of lavender',
  ),
  preset(
    'tattoo',
    'tattoo-blackwork',
    'blackwork tattoo design, solid black shapes, white background',
    'a moth with geometric wings',
  ),
  preset(
    'tattoo',
    'tattoo-watercolor',
    'watercolor tattoo design, color splashes, soft edges, white background',
    'a hummingbird',
  ),
  preset(
    'tattoo',
    'tattoo-japanese',
    'japanese irezumi tattoo design, waves, bold color, white background',
    'a koi fish',
  ),
  preset(
    'tattoo',
    'tattoo-geometric',
    'geometric tattoo design, sacred geometry, precise lines, white background',
    'a wolf head',
  ),
  preset(
    'tattoo',
    'tattoo-minimal',
    'minimalist tattoo design, single line, tiny, white background',
    'a mountain range',
  ),
  preset(
    'tattoo',
    'tattoo-tribal',
    'tribal tattoo design, flowing black patterns, white background',
    'a sun',
  ),
  preset(
    'tattoo',
    'tattoo-realism',
    'black and grey realism tattoo design, detailed shading, white background',
    'a lion portrait',
  ),
  preset(
    'tattoo',
    'tattoo-neo',
    'neo-traditional tattoo design, ornate details, rich colors, white background',
    'a rose with a dagger',
  ),
];

export const presetsOf = (tool: ImagePreset['tool']) => IMAGE_PRESETS.filter((p) => p.tool === tool);
export const presetById = (id: string) => IMAGE_PRESETS.find((p) => p.id === id);

/**
 * The girl builder (spec §3). Every option is required except age, hobbies and voice. Ages
 * start at 18+ (decisions.md). Voice ("5 voices") is five of the voice generator's young female
 * presets, by voice_id: kept with the job, never drawn, so it is not in the prompt. Values are
 * English ids; the page translates them under `builder.<field>.<value>`.
 */
export const GIRL_BUILDER = {
  style: ['realistic', 'anime'],
  ethnicity: ['caucasian', 'latina', 'asian', 'arab', 'black'],
  age: ['18+', '20s', '30s', '40-55'],
  eyes: ['brown', 'blue', 'green', 'yellow', 'red'],
  hair_style: [
    'straight',
    'braids',
    'bangs',
    'curly',
    'bun',
    'short',
    'long',
    'ponytail',
    'pigtails',
    'afro',
  ],
  hair_color: [
    'blonde',
    'brunette',
    'black',
    'redhead',
    'pink',
    'white',
    'blue',
    'green',
    'purple',
    'multicolor',
  ],
  body: ['petite', 'slim', 'athletic', 'voluptuous', 'curvy'],
  breast: ['flat', 'small', 'medium', 'large', 'huge'],
  butt: ['small', 'medium', 'large', 'skinny', 'athletic'],
  /** Five of the preset voices (voices.ts), by voice_id. */
  voice: ['aria', 'bella', 'daisy', 'freya', 'hana'],
  personality: [
    'caregiver',
    'sage',
    'innocent',
    'jester',
    'temptress',
    'dominant',
    'submissive',
    'lover',
    'nympho',
    'mean',
    'confidant',
    'experimenter',
  ],
  occupation: [
    'student',
    'teacher',
    'nurse',
    'doctor',
    'artist',
    'musician',
    'singer',
    'dancer',
    'model',
    'actress',
    'photographer',
    'writer',
    'chef',
    'barista',
    'bartender',
    'waitress',
    'librarian',
    'scientist',
    'engineer',
    'programmer',
    'gamer',
    'streamer',
    'lawyer',
    'police officer',
    'firefighter',
    'soldier',
    'pilot',
    'flight attendant',
    'athlete',
    'yoga instructor',
    'fitness coach',
    'secretary',
    'ceo',
    'businesswoman',
    'fashion designer',
    'hairdresser',
    'florist',
    'farmer',
    'astronaut',
    'detective',
    'spy',
    'witch',
    'princess',
    'maid',
  ],
  hobbies: [
    'reading',
    'gaming',
    'cooking',
    'baking',
    'dancing',
    'singing',
    'painting',
    'photography',
    'hiking',
    'yoga',
    'gym',
    'swimming',
    'travel',
    'movies',
    'anime',
    'music',
    'fashion',
    'gardening',
    'cosplay',
    'writing',
  ],
  relationship: [
    'stranger',
    'school mate',
    'colleague',
    'mentor',
    'girlfriend',
    'wife',
    'mistress',
    'friend',
    'best friend',
    'step sister',
    'step mom',
    'sex friend',
  ],
  clothing: [
    'casual',
    't-shirt and jeans',
    'summer dress',
    'evening gown',
    'cocktail dress',
    'business suit',
    'pencil skirt and blouse',
    'hoodie',
    'sweater',
    'leather jacket',
    'denim jacket',
    'trench coat',
    'winter coat',
    'tank top',
    'crop top',
    'sports bra and leggings',
    'yoga pants',
    'tennis outfit',
    'running gear',
    'swimsuit',
    'bikini',
    'one-piece swimsuit',
    'sarong',
    'kimono',
    'yukata',
    'hanfu',
    'qipao',
    'sari',
    'abaya',
    'dirndl',
    'school uniform',
    'nurse uniform',
    'police uniform',
    'military uniform',
    'pilot uniform',
    'flight attendant uniform',
    'chef uniform',
    'maid outfit',
    'lab coat',
    'overalls',
    'cowgirl outfit',
    'witch costume',
    'princess gown',
    'elf armor',
    'knight armor',
    'space suit',
    'cyberpunk outfit',
    'steampunk outfit',
    'gothic dress',
    'punk outfit',
    'lolita dress',
    'streetwear',
    'tracksuit',
    'pajamas',
    'bathrobe',
    'lingerie',
    'nightgown',
    'wedding dress',
    'ballet tutu',
    'cheerleader outfit',
    'latex bodysuit',
    'fishnet and leather',
    'bunny costume',
    'santa outfit',
    'halloween costume',
    'bridal lingerie',
  ],
} as const;

export type GirlBuilderField = keyof typeof GIRL_BUILDER;
export type GirlBuilder = { [K in GirlBuilderField]?: (typeof GIRL_BUILDER)[K][number] };
/** Hobbies may be several. */
export const GIRL_BUILDER_MULTI: ReadonlySet<GirlBuilderField> = new Set(['hobbies']);
export const GIRL_BUILDER_OPTIONAL: ReadonlySet<GirlBuilderField> = new Set(['age', 'hobbies', 'voice']);

/** The prompt a builder choice makes, in English; the server builds it, the page previews it. */
export function girlBuilderPrompt(b: Partial<Record<GirlBuilderField, string | string[]>>): string {
  const one = (k: GirlBuilderField) => {
    const v = b[k];
    return Array.isArray(v) ? v.join(', ') : (v ?? '');
  };
  const age = one('age') || '20s';
  const parts = [
    one('style') === 'anime' ? 'anime illustration of' : 'photorealistic photo of',
    `a ${age === '18+' ? 'young adult' : age === '40-55' ? 'mature' : `${age}`} ${one('ethnicity')} woman`,
    `${one('eyes')} eyes`,
    `${one('hair_color')} ${one('hair_style')} hair`,
    `${one('body')} body`,
    `${one('breast')} chest`,
    `wearing ${one('clothing')}`,
    one('occupation') && `as a ${one('occupation')}`,
    one('personality') && `${one('personality')} expression`,
    one('hobbies') && `into ${one('hobbies')}`,
  ];
  return parts.filter(Boolean).join(', ');
}
