import { LoginType, USER_NAME_MAX, type UserInfo } from '@lumi/contract';
import { useMutation } from '@tanstack/react-query';
import { Camera, CircleUserRound, Loader2, LogIn, LogOut, ShieldAlert, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppInstallActions, AppOfferIntro } from '@/components/app-install';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Dialog } from '@/components/ui/dialog';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useNavigate } from '@/lib/router';
import { notify } from '@/lib/toast';
import { AdultConfirm } from '../adult/adult-confirm';
import { useAdultSetting } from '../adult/use-adult-setting';
import { deleteUser, updateUser } from '../api/profile';
import { logout } from '../session';
import { userInfoStore } from '../session-store';

const SignInDialog = lazy(() => import('../components/sign-in-dialog'));

type Confirm = 'save' | 'logout' | 'remove' | null;

/** The open-the-app prompt of the profile (spec §2): install the app, or open it when installed. */
function AppSection() {
  return (
    <section className="border-line bg-surface rounded-3xl border p-5 sm:p-6" data-testid="profile-app">
      <AppOfferIntro />
      <div className="mt-4">
        <AppInstallActions />
      </div>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-line bg-surface rounded-3xl border p-5 sm:p-6">
      <h2 className="text-base font-bold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** /profile (spec §2): name and avatar, the adult-content setting, logout, account removal. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('title'));
  const user = useSyncExternalStore(userInfoStore.subscribe, userInfoStore.get, () => null);
  const [signIn, setSignIn] = useState(false);
  if (!user || user.type === LoginType.TOURIST) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <CircleUserRound className="text-violet mx-auto h-12 w-12" aria-hidden />
        <h1 className="mt-5 text-xl font-bold text-balance">{t('guest.title')}</h1>
        <p className="text-muted mt-2 text-sm leading-relaxed text-pretty">{t('guest.body')}</p>
        <Button className="mt-6" size="lg" onClick={() => setSignIn(true)}>
          <LogIn className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          {t('guest.signIn')}
        </Button>
        {signIn && (
          <Suspense>
            <SignInDialog open={signIn} onOpenChange={setSignIn} />
          </Suspense>
        )}
      </div>
    );
  }
  return <Profile key={user.uid} user={user} />;
}

function Profile({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [name, setName] = useState(user.name);
  const [head, setHead] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const nameId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const changed = name.trim() !== user.name || head !== null;

  const adult = useAdultSetting();

  /** What each confirmed action does, and what its failure says. */
  const actions: Record<NonNullable<Confirm>, { act: () => Promise<void>; failure: string }> = {
    save: {
      act: async () => {
        const info = await updateUser({ name: name.trim(), ...(head ? { head } : {}) });
        userInfoStore.set(info);
        setHead(null);
        notify('success', t('saved'));
      },
      failure: t('updateFailed'),
    },
    logout: {
      act: async () => {
        await logout();
        queryClient.clear();
        navigate(getHref(locale, 'home'));
      },
      failure: t('logoutFailed'),
    },
    remove: {
      act: async () => {
        await deleteUser();
        await logout({ serverDone: true });
        queryClient.clear();
        notify('success', t('remove.done'));
        navigate(getHref(locale, 'home'));
      },
      failure: t('remove.failed'),
    },
  };
  const action = useMutation({
    mutationFn: (what: NonNullable<Confirm>) => actions[what].act(),
    onError: (err, what) => notify('error', errorMessage(err, actions[what].failure)),
    onSettled: () => setConfirm(null),
  });
  const busy = action.isPending;

  const avatar = preview ?? user.head;
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold">{t('title')}</h1>

      <Section title={t('details')}>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <button
            type="button"
            className="group bg-surface-2 border-line relative grid h-24 w-24 shrink-0 place-items-center self-center overflow-hidden rounded-full border sm:self-start"
            onClick={() => fileRef.current?.click()}
            aria-label={t('avatar')}
          >
            {avatar ? (
              <img src={avatar} alt="" width={96} height={96} className="h-full w-full object-cover" />
            ) : (
              <CircleUserRound className="text-muted h-12 w-12" aria-hidden />
            )}
            <span className="absolute inset-x-0 bottom-0 grid h-8 place-items-center bg-black/55">
              <Camera className="h-4 w-4 text-white" aria-hidden />
            </span>
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setHead(file);
              setPreview(URL.createObjectURL(file));
            }}
          />
          <div className="grid min-w-0 flex-1 gap-2">
            <Label htmlFor={nameId}>{t('name')}</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={USER_NAME_MAX}
              autoComplete="nickname"
              dir="auto"
              onChange={(e) => setName(e.target.value)}
            />
            <p className="text-muted text-xs">{t(`signedInWith.${user.type}`, { defaultValue: '' })}</p>
            <div>
              <Button disabled={!changed || !name.trim() || busy} onClick={() => setConfirm('save')}>
                {t('save')}
              </Button>
            </div>
          </div>
        </div>
      </Section>

      <Section title={t('adult.title')}>
        <div className="flex items-start justify-between gap-4">
          <p className="text-muted text-sm leading-relaxed">{t('adult.body')}</p>
          <button
            type="button"
            role="switch"
            aria-checked={user.enable_nsfw}
            aria-label={t('adult.title')}
            disabled={busy || adult.busy}
            onClick={() => adult.request(!user.enable_nsfw)}
            className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${user.enable_nsfw ? 'bg-pink' : 'bg-surface-3'}`}
          >
            <span
              className={`absolute top-1 h-5 w-5 rounded-full bg-white transition-[inset-inline-start] ${user.enable_nsfw ? 'start-6' : 'start-1'}`}
            />
          </button>
        </div>
      </Section>

      <AppSection />

      <Section title={t('account')}>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" disabled={busy} onClick={() => setConfirm('logout')}>
            <LogOut className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            {t('logout.action')}
          </Button>
          <Button variant="ghost" className="text-pink" disabled={busy} onClick={() => setConfirm('remove')}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('remove.action')}
          </Button>
        </div>
      </Section>

      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => !open && !busy && setConfirm(null)}
        icon={confirm === 'remove' ? <ShieldAlert className="text-pink h-10 w-10" /> : null}
        title={confirm ? t(`confirm.${confirm}.title`) : ''}
        description={confirm ? t(`confirm.${confirm}.body`) : ''}
        footer={
          <>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm(null)}>
              {t('confirm.cancel')}
            </Button>
            <Button disabled={busy} onClick={() => confirm && action.mutate(confirm)}>
              {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {confirm ? t(`confirm.${confirm}.ok`) : ''}
            </Button>
          </>
        }
      />
      <AdultConfirm setting={adult} />
    </div>
  );
}
