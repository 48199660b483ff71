import { matchRoute, ROUTE_NAMES, type MarketedTool, type RouteName } from '@lumi/contract';
import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, usePathname } from '@/lib/router';
import { LocaleLayout, RedirectHome } from './routes/locale-layout';

const HomePage = lazy(() => import('./routes/home-route'));
const MyCharactersPage = lazy(() => import('@/features/characters/pages/my-characters-page'));
const LikedCharactersPage = lazy(() => import('@/features/characters/pages/liked-characters-page'));
const RecentChatsPage = lazy(() => import('@/features/characters/pages/recent-chats-page'));
const CharacterChatPage = lazy(() => import('./routes/character-chat-route'));
const AiChatPage = lazy(() => import('./routes/ai-chat-route'));
const PlaceholderPage = lazy(() => import('./routes/placeholder-page'));
const SearchPage = lazy(() => import('@/features/characters/search/search-page'));
const ManageCharacterPage = lazy(() => import('@/features/characters/manage/manage-page'));
const CreateCharacterPage = lazy(() => import('@/features/characters/create/create-character-page'));
const ProfilePage = lazy(() => import('@/features/session/profile/profile-page'));
const PricingPage = lazy(() => import('./routes/pricing-route'));
const TestCheckoutPage = lazy(() => import('@/features/pay/test-checkout-page'));
const ImageToolPage = lazy(() => import('./routes/image-tool-route'));
const ImageSharePage = lazy(() => import('@/features/image-tools/share-page'));
const FaceSwapPage = lazy(() => import('@/features/face-swap/face-swap-page'));
const VoiceGeneratorPage = lazy(() => import('@/features/voice-tools/voice-generator-page'));
const VoiceCloningPage = lazy(() => import('@/features/voice-tools/voice-cloning-page'));
const LegalPage = lazy(() => import('@/features/content/legal-page'));
const BlogListPage = lazy(() => import('@/features/content/blog-list-page'));
const BlogArticlePage = lazy(() => import('@/features/content/blog-article-page'));
const CreateCharactersLanding = lazy(() => import('@/features/content/create-characters-landing'));
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

/** The pages built so far, by route name; every other route shows its placeholder. */
const BUILT: Partial<Record<RouteName, () => ReactElement>> = {
  search: () => <SearchPage />,
  manageCharacter: () => <ManageCharacterPage />,
  charactersList: () => <HomePage />,
  myCharacters: () => <MyCharactersPage />,
  likedCharacters: () => <LikedCharactersPage />,
  recentChats: () => <RecentChatsPage />,
  characterChat: () => <CharacterChatPage />,
  aiChat: () => withMarketing('aiChat', <AiChatPage />),
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

/** Every route of spec §2, built once; pages not built yet are placeholders. */
const PAGES = Object.fromEntries(
  ROUTE_NAMES.map((name) => [
    name,
    name === 'home' ? <HomePage /> : (BUILT[name]?.() ?? <PlaceholderPage key={name} name={name} />),
  ]),
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
