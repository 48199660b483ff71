import CharacterHomePage from '@/features/characters/pages/home-page';
import { AdultConfirm } from '@/features/session/adult/adult-confirm';
import { useAdultSetting } from '@/features/session/adult/use-adult-setting';

/** Home: the character list, given the visitor's adult-content setting and its 18+ question. */
export default function HomeRoute() {
  const adult = useAdultSetting();
  return (
    <>
      <CharacterHomePage
        adult={{ guest: adult.guest, enabled: adult.enabled, busy: adult.busy, onChange: adult.request }}
      />
      <AdultConfirm setting={adult} />
    </>
  );
}
