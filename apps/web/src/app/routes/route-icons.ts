import type { RouteName } from '@lumi/contract';
import {
  BookOpen,
  CircleUserRound,
  Clock,
  Crown,
  FileText,
  FlaskConical,
  Heart,
  Search,
  ShieldCheck,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { TOOL_ICONS } from '../layout/tool-icons';

/** The icon each placeholder page shows. */
export const ROUTE_ICONS: Partial<Record<RouteName, LucideIcon>> = {
  home: TOOL_ICONS.characters,
  charactersList: TOOL_ICONS.characters,
  createCharacter: TOOL_ICONS.createCharacter,
  createCharactersLanding: TOOL_ICONS.createCharacter,
  myCharacters: TOOL_ICONS.characters,
  likedCharacters: Heart,
  recentChats: Clock,
  characterChat: TOOL_ICONS.aiChat,
  search: Search,
  manageCharacter: ShieldCheck,
  imageGenerator: TOOL_ICONS.image,
  aiChat: TOOL_ICONS.aiChat,
  faceSwap: TOOL_ICONS.faceSwap,
  animeGenerator: TOOL_ICONS.anime,
  girlGenerator: TOOL_ICONS.girl,
  tattooGenerator: TOOL_ICONS.tattoo,
  voiceGenerator: TOOL_ICONS.voice,
  voiceCloning: TOOL_ICONS.voiceClone,
  pricing: Crown,
  testCheckout: FlaskConical,
  profile: CircleUserRound,
  terms: FileText,
  privacy: FileText,
  refund: FileText,
  blogList: BookOpen,
  blogArticle: BookOpen,
};

export const FALLBACK_ICON: LucideIcon = Sparkles;
