import {
  AudioLines,
  Brush,
  Clapperboard,
  Heart,
  Image,
  MessageCircle,
  MessagesSquare,
  Mic,
  Palette,
  ScanFace,
  UserRoundPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** One icon per tool id of config/tools.ts. */
export const TOOL_ICONS: Record<string, LucideIcon> = {
  characters: Users,
  createCharacter: UserRoundPlus,
  aiChat: MessageCircle,
  sisterChat: MessagesSquare,
  video: Clapperboard,
  image: Image,
  anime: Palette,
  girl: Heart,
  tattoo: Brush,
  faceSwap: ScanFace,
  voice: AudioLines,
  voiceClone: Mic,
};
