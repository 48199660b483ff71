import type { RouteName } from '@lumi/contract';

/**
 * Each route's page module (under src/, as router.tsx imports it) and the string namespaces its
 * first screen shows beyond home's. The build turns this into the list of files each page needs
 * (dist/route-files.json), which the server asks the browser to fetch all at once, in place of
 * one chain of imports after another (issue 19: on a slow phone each link of the chain is a
 * round trip). The build fails when this table and router.tsx's imports disagree.
 */
export interface RouteModule {
  module: string;
  namespaces?: readonly string[];
}

const imageTool = { module: 'app/routes/image-tool-route.tsx', namespaces: ['images'] } as const;
const legal = { module: 'features/content/legal-page.tsx', namespaces: ['marketing'] } as const;
const list = <M extends string>(module: M) => ({ module });

const TABLE = {
  home: list('app/routes/home-route.tsx'),
  charactersList: list('app/routes/home-route.tsx'),
  myCharacters: list('features/characters/pages/my-characters-page.tsx'),
  likedCharacters: list('features/characters/pages/liked-characters-page.tsx'),
  recentChats: list('features/characters/pages/recent-chats-page.tsx'),
  characterChat: { module: 'app/routes/character-chat-route.tsx', namespaces: ['chat', 'reports'] },
  aiChat: { module: 'app/routes/ai-chat-route.tsx', namespaces: ['chat'] },
  groupChat: { module: 'app/routes/group-chat-route.tsx', namespaces: ['chat'] },
  search: { module: 'features/characters/search/search-page.tsx', namespaces: ['search'] },
  manageCharacter: { module: 'features/characters/manage/manage-page.tsx', namespaces: ['manage'] },
  createCharacter: {
    module: 'features/characters/create/create-character-page.tsx',
    namespaces: ['create', 'voice'],
  },
  profile: { module: 'features/session/profile/profile-page.tsx', namespaces: ['account'] },
  pricing: { module: 'app/routes/pricing-route.tsx', namespaces: ['pay'] },
  testCheckout: { module: 'features/pay/test-checkout-page.tsx', namespaces: ['pay'] },
  imageGenerator: imageTool,
  animeGenerator: imageTool,
  girlGenerator: imageTool,
  tattooGenerator: imageTool,
  imageShare: { module: 'features/image-tools/share-page.tsx', namespaces: ['images'] },
  faceSwap: { module: 'features/face-swap/face-swap-page.tsx', namespaces: ['faceswap'] },
  voiceGenerator: { module: 'features/voice-tools/voice-generator-page.tsx', namespaces: ['voice'] },
  voiceCloning: { module: 'features/voice-tools/voice-cloning-page.tsx', namespaces: ['voice'] },
  terms: legal,
  privacy: legal,
  refund: legal,
  blogList: { module: 'features/content/blog-list-page.tsx', namespaces: ['marketing'] },
  blogArticle: { module: 'features/content/blog-article-page.tsx', namespaces: ['marketing'] },
  createCharactersLanding: {
    module: 'features/content/create-characters-landing.tsx',
    namespaces: ['marketing'],
  },
} as const satisfies Record<RouteName, RouteModule>;

/** A page module's path under src/. */
export type PageModule = (typeof TABLE)[RouteName]['module'];

export const ROUTE_MODULES: Record<RouteName, RouteModule & { module: PageModule }> = TABLE;
