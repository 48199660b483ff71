import CharacterHomePage from '@/features/characters/pages/home-page';
import { lazy, Suspense } from 'react';
import { AdultConfirm } from '@/features/session/adult/adult-confirm';
import { useAdultSetting } from '@/features/session/adult/use-adult-setting';

// Only the Multiple Characters chip shows it: the home page's first load goes without.
const GroupInvite = lazy(() =>
  import('@/features/chat/components/group-invite').then((m) => ({ default: m.GroupInvite })),
);

/** Home: the character list, given the visitor's adult-content setting and its 18+ question. */
export default function HomeRoute() {
  const adult = useAdultSetting();
  return (
    <>
      <CharacterHomePage
        adult={{ guest: adult.guest, enabled: adult.enabled, busy: adult.busy, onChange: adult.request }}
        chipNote={(chip) =>
          chip === 'Multiple Characters' ? (
            <Suspense fallback={null}>
              <GroupInvite />
            </Suspense>
          ) : null
        }
      />
      <AdultConfirm setting={adult} />
    </>
  );
}
