import { LoginType, type UserInfo } from '@lumi/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { signInRequests } from '@/lib/sign-in-request';
import { notify } from '@/lib/toast';
import { updateUser } from '../api/profile';
import { userInfoStore } from '../session-store';

const isGuestInfo = (info: UserInfo | null) => !info || info.type === LoginType.TOURIST;

export interface AdultSetting {
  /** No account yet: turning it on asks to sign in first. */
  guest: boolean;
  enabled: boolean;
  busy: boolean;
  /** The 18+ confirmation is open. */
  confirming: boolean;
  /** The switch was pressed: off at once; on asks to sign in (a guest), then the 18+ question. */
  request: (on: boolean) => void;
  confirm: () => Promise<void>;
  cancel: () => void;
}

/**
 * The account's adult-content setting (spec §6: enabled in profile settings, toggled from home),
 * one behaviour wherever its switch is: off at once; on only after the visitor confirms they
 * are 18 or older, and a guest signs in first (the question follows the sign-in). The server
 * keeps the rule (it wants `confirm_adult` to turn it on); lists and chats are read again after.
 */
export function useAdultSetting(): AdultSetting {
  const { t } = useTranslation('account');
  const user = useSyncExternalStore(userInfoStore.subscribe, userInfoStore.get, () => null);
  const guest = isGuestInfo(user);
  const enabled = !guest && user?.enable_nsfw === true;
  const [confirming, setConfirming] = useState(false);
  // A hand flag, not a useMutation: this switch is on home, whose first load has no useMutation
  // (about 0.8 KB more) and is at its weight budget (bench/home-weight.mjs).
  const [busy, setBusy] = useState(false);
  /** A guest pressed the switch: once signed in, the 18+ question comes by itself. */
  const afterSignIn = useRef(false);

  useEffect(
    () =>
      userInfoStore.subscribe(() => {
        const info = userInfoStore.get();
        if (!afterSignIn.current || isGuestInfo(info)) return;
        afterSignIn.current = false;
        if (!info?.enable_nsfw) setConfirming(true);
      }),
    [],
  );

  async function save(on: boolean) {
    setBusy(true);
    try {
      const info = await updateUser({ enable_nsfw: on, ...(on ? { confirm_adult: true } : {}) });
      userInfoStore.set(info);
      await queryClient.invalidateQueries();
      notify('success', on ? t('adult.on') : t('adult.off'));
    } catch (err) {
      notify('error', errorMessage(err, t('updateFailed')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return {
    guest,
    enabled,
    busy,
    confirming,
    request: (on) => {
      if (busy) return;
      if (!on) {
        void save(false);
      } else if (guest) {
        afterSignIn.current = true;
        signInRequests.request();
      } else {
        setConfirming(true);
      }
    },
    confirm: () => save(true),
    cancel: () => {
      if (!busy) setConfirming(false);
    },
  };
}
