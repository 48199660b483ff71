import type { ImageTool, RouteName } from '@lumi/contract';

/** The page of each tool, for links back from a shared picture. */
export const TOOL_ROUTES: Record<ImageTool, RouteName> = {
  image: 'imageGenerator',
  anime: 'animeGenerator',
  girl: 'girlGenerator',
  tattoo: 'tattooGenerator',
};

/** Where to share a public link: X's and Facebook's share pages. */
export function shareTargets(url: string, text: string): { x: string; facebook: string } {
  const u = encodeURIComponent(url);
  return {
    x: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}

/** The absolute address of a path of this site. */
export const absoluteUrl = (path: string, origin: string) => new URL(path, origin).toString();

/** The file name a download is saved under: `<tool>-<job id>-<n>.webp`, n from 1. */
export const downloadName = (tool: string, id: string, index: number) => `${tool}-${id}-${index + 1}.webp`;
