import { matchRoute, ROUTE_NAMES, type MarketedTool, type RouteName } from '@lumi/contract';
import { lazy, Suspense, use, type ComponentType, type ReactElement } from 'react';
import { Navigate, usePathname } from '@/lib/router';
import type { PageModule } from './route-modules';
import { track } from '@/lib/tracked';
import { LocaleLayout, RedirectHome } from './routes/locale-layout';

/**
 * React.lazy, except that a page whose module is already here renders at once. lazy suspends on
 * its first render even then, and a first render that suspends shows the loading state for at
 * least React's 300 ms (issue 19: the chat showed it between the server's text and the chat).
 */
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loaded ??= track(load()));
  function Page(props: P) {
    const { default: Component } = use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/**
 * Each route's page module, fetched when first shown (the page the app opens on, before its first
 * render: see `loadPage`). Keyed by the paths of route-modules.ts, which the build reads.
 */
const pages = {
  'app/routes/home-route.tsx': lazyPage(() => import('./routes/home-route')),
  'features/characters/pages/my-characters-page.tsx': lazyPage(
    () => import('@/features/characters/pages/my-characters-page'),
  ),
  'features/characters/pages/liked-characters-page.tsx': lazyPage(
    () => import('@/features/characters/pages/liked-characters-page'),
  ),
  'features/characters/pages/recent-chats-page.tsx': lazyPage(
    () => import('@/features/characters/pages/recent-chats-page'),
  ),
  'app/routes/character-chat-route.tsx': lazyPage(() => import('./routes/character-chat-route')),
  'app/routes/ai-chat-route.tsx': lazyPage(() => import('./routes/ai-chat-route')),
  'app/routes/group-chat-route.tsx': lazyPage(() => import('./routes/group-chat-route')),
  'features/characters/search/search-page.tsx': lazyPage(
    () => import('@/features/characters/search/search-page'),
  ),
  'features/characters/manage/manage-page.tsx': lazyPage(
    () => import('@/features/characters/manage/manage-page'),
  ),
  'features/characters/create/create-character-page.tsx': lazyPage(
    () => import('@/features/characters/create/create-character-page'),
  ),
  'features/session/profile/profile-page.tsx': lazyPage(
    () => import('@/features/session/profile/profile-page'),
  ),
  'app/routes/pricing-route.tsx': lazyPage(() => import('./routes/pricing-route')),
  'features/pay/test-checkout-page.tsx': lazyPage(() => import('@/features/pay/test-checkout-page')),
  'app/routes/image-tool-route.tsx': lazyPage(() => import('./routes/image-tool-route')),
  'features/image-tools/share-page.tsx': lazyPage(() => import('@/features/image-tools/share-page')),
  'features/face-swap/face-swap-page.tsx': lazyPage(() => import('@/features/face-swap/face-swap-page')),
  'features/voice-tools/voice-generator-page.tsx': lazyPage(
    () => import('@/features/voice-tools/voice-generator-page'),
  ),
  'features/voice-tools/voice-cloning-page.tsx': lazyPage(
    () => import('@/features/voice-tools/voice-cloning-page'),
  ),
  'features/content/legal-page.tsx': lazyPage(() => import('@/features/content/legal-page')),
  'features/content/blog-list-page.tsx': lazyPage(() => import('@/features/content/blog-list-page')),
  'features/content/blog-article-page.tsx': lazyPage(() => import('@/features/content/blog-article-page')),
  'features/content/create-characters-landing.tsx': lazyPage(
    () => import('@/features/content/create-characters-landing'),
  ),
} satisfies Record<PageModule, { preload: () => Promise<unknown> }>;
const HomePage = pages['app/routes/home-route.tsx'];
const MyCharactersPage = pages['features/characters/pages/my-characters-page.tsx'];
const LikedCharactersPage = pages['features/characters/pages/liked-characters-page.tsx'];
const RecentChatsPage = pages['features/characters/pages/recent-chats-page.tsx'];
const CharacterChatPage = pages['app/routes/character-chat-route.tsx'];
const AiChatPage = pages['app/routes/ai-chat-route.tsx'];
const GroupChatPage = pages['app/routes/group-chat-route.tsx'];
const SearchPage = pages['features/characters/search/search-page.tsx'];
const ManageCharacterPage = pages['features/characters/manage/manage-page.tsx'];
const CreateCharacterPage = pages['features/characters/create/create-character-page.tsx'];
const ProfilePage = pages['features/session/profile/profile-page.tsx'];
const PricingPage = pages['app/routes/pricing-route.tsx'];
const TestCheckoutPage = pages['features/pay/test-checkout-page.tsx'];
const ImageToolPage = pages['app/routes/image-tool-route.tsx'];
const ImageSharePage = pages['features/image-tools/share-page.tsx'];
const FaceSwapPage = pages['features/face-swap/face-swap-page.tsx'];
const VoiceGeneratorPage = pages['features/voice-tools/voice-generator-page.tsx'];
const VoiceCloningPage = pages['features/voice-tools/voice-cloning-page.tsx'];
const LegalPage = pages['features/content/legal-page.tsx'];
const BlogListPage = pages['features/content/blog-list-page.tsx'];
const BlogArticlePage = pages['features/content/blog-article-page.tsx'];
const CreateCharactersLanding = pages['features/content/create-characters-landing.tsx'];

/** Fetches a page module (a path of route-modules.ts), for the app to render the page it opens on at once. */
export const loadPage = (module: string): Promise<unknown> =>
  module in pages ? pages[module as PageModule].preload() : Promise.resolve();

// Only the tool pages show it, so home's first load goes without.
const ToolMarketing = lazy(() =>
  import('@/features/content/tool-marketing').then((m) => ({ default: m.ToolMarketing })),
);

/** A tool page with its marketing and FAQ text beneath, which never holds up the tool itself. */
const withMarketing = (tool: MarketedTool, page: ReactElement) => (
  <>
    {page}
    <Suspense fallback={null}>
      <ToolMarketing tool={tool} />
    </Suspense>
  </>
);

/** Every page but home's, by route name. */
const BUILT: Record<Exclude<RouteName, 'home'>, () => ReactElement> = {
  search: () => <SearchPage />,
  manageCharacter: () => <ManageCharacterPage />,
  charactersList: () => <HomePage />,
  myCharacters: () => <MyCharactersPage />,
  likedCharacters: () => <LikedCharactersPage />,
  recentChats: () => <RecentChatsPage />,
  characterChat: () => <CharacterChatPage />,
  aiChat: () => withMarketing('aiChat', <AiChatPage />),
  groupChat: () => <GroupChatPage />,
  createCharacter: () => withMarketing('createCharacter', <CreateCharacterPage />),
  profile: () => <ProfilePage />,
  pricing: () => <PricingPage />,
  testCheckout: () => <TestCheckoutPage />,
  // Keyed by tool: moving from one generator to another starts the other's own form.
  imageGenerator: () => withMarketing('imageGenerator', <ImageToolPage key="image" tool="image" />),
  animeGenerator: () => withMarketing('animeGenerator', <ImageToolPage key="anime" tool="anime" />),
  girlGenerator: () => withMarketing('girlGenerator', <ImageToolPage key="girl" tool="girl" />),
  tattooGenerator: () => withMarketing('tattooGenerator', <ImageToolPage key="tattoo" tool="tattoo" />),
  imageShare: () => <ImageSharePage />,
  faceSwap: () => withMarketing('faceSwap', <FaceSwapPage />),
  voiceGenerator: () => withMarketing('voiceGenerator', <VoiceGeneratorPage />),
  voiceCloning: () => withMarketing('voiceCloning', <VoiceCloningPage />),
  terms: () => <LegalPage key="terms" route="terms" />,
  privacy: () => <LegalPage key="privacy" route="privacy" />,
  refund: () => <LegalPage key="refund" route="refund" />,
  blogList: () => <BlogListPage />,
  blogArticle: () => <BlogArticlePage />,
  createCharactersLanding: () => <CreateCharactersLanding />,
};

/** Every route of spec §2, built once. */
const PAGES = Object.fromEntries(
  ROUTE_NAMES.map((name) => [name, name === 'home' ? <HomePage /> : BUILT[name]()]),
) as Record<RouteName, ReactElement>;

const INDEX_HTML = /^\/index\.html\/?$/i;

/**
 * The page for the address, from the contract's route table (the one the server's redirects
 * read) under the optional locale segment; an unknown path goes home. The site uses no loaders,
 * actions or fetchers: react-router (declarative mode) was about 10 KB (compressed) of every
 * first load, wouter is about 2. A page that fails to load is caught by the locale layout's
 * boundary, and scroll positions are kept by `ScrollMemory`.
 */
export function AppRoutes() {
  const pathname = usePathname();
  if (INDEX_HTML.test(pathname)) return <Navigate to="/" />;
  const match = matchRoute(pathname);
  return (
    <LocaleLayout known={match !== undefined}>{match ? PAGES[match.name] : <RedirectHome />}</LocaleLayout>
  );
}
