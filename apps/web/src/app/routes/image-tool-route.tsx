import type { ImageTool } from '@lumi/contract';
import { characterDialogStore } from '@/features/characters/character-dialog-store';
import { CharacterDialogHost } from '@/features/characters/components/character-dialog-host';
import { useCredits } from '@/features/credits/api/get-credits';
import { ToolPage } from '@/features/image-tools/tool-page';
import { startSession } from '@/features/session/session';

const openAdultNotice = () => characterDialogStore.open({ kind: 'adult' });

/**
 * The image, anime, girl and tattoo generators, given what other features own: whether the user
 * pays (the credits feature's balance) and the adult-content notice (the characters feature's).
 */
export default function ImageToolRoute({ tool }: { tool: ImageTool }) {
  const { data: balance } = useCredits(startSession);
  return (
    <>
      <ToolPage tool={tool} isVip={balance?.isVip} onAdult={openAdultNotice} />
      <CharacterDialogHost />
    </>
  );
}
