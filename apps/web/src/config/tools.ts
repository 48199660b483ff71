import type { RouteName } from '@lumi/contract';
import type { AppConfig } from '@lumi/contract';

/** An entry of the tools menu: a route of the site, or an external address (opens a new tab). */
export type ToolLink =
  | { id: string; kind: 'route'; route: RouteName }
  | { id: string; kind: 'external'; link: keyof AppConfig['links'] };

export interface ToolGroup {
  id: 'chat' | 'video' | 'image';
  items: ToolLink[];
}

/** The header's tools dropdown, exactly the three groups of spec §2. */
export const TOOL_GROUPS: ToolGroup[] = [
  {
    id: 'chat',
    items: [
      { id: 'characters', kind: 'route', route: 'home' },
      { id: 'createCharacter', kind: 'route', route: 'createCharacter' },
      { id: 'aiChat', kind: 'route', route: 'aiChat' },
      { id: 'sisterChat', kind: 'external', link: 'sisterChat' },
    ],
  },
  { id: 'video', items: [{ id: 'video', kind: 'external', link: 'video' }] },
  {
    id: 'image',
    items: [
      { id: 'image', kind: 'route', route: 'imageGenerator' },
      { id: 'anime', kind: 'route', route: 'animeGenerator' },
      { id: 'girl', kind: 'route', route: 'girlGenerator' },
      { id: 'tattoo', kind: 'route', route: 'tattooGenerator' },
    ],
  },
];

/** Every tool of the site, for the footer and the home page's tool grid. */
export const ALL_TOOLS: { id: string; route: RouteName }[] = [
  { id: 'characters', route: 'home' },
  { id: 'createCharacter', route: 'createCharacter' },
  { id: 'aiChat', route: 'aiChat' },
  { id: 'image', route: 'imageGenerator' },
  { id: 'anime', route: 'animeGenerator' },
  { id: 'girl', route: 'girlGenerator' },
  { id: 'tattoo', route: 'tattooGenerator' },
  { id: 'faceSwap', route: 'faceSwap' },
  { id: 'voice', route: 'voiceGenerator' },
  { id: 'voiceClone', route: 'voiceCloning' },
];
