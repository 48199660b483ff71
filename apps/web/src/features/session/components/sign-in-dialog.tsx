import { EMAIL_CODE, LoginType } from '@lumi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2, Mail } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { appConfig } from '@/lib/app-config';
import { queryClient } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { providersQuery } from '../api/get-providers';
import { startEmailLogin } from '../api/start-email-login';
import { verifyEmailLogin } from '../api/verify-email-login';
import { signInWithProvider } from '../provider-sign-in';
import { signInWithToken } from '../session';
import { IconBadge } from '@/components/ui/icon-badge';

/** Seconds before another code can be asked for (the server's limit). */
const RESEND_AFTER_S = 30;

type Step = { name: 'email' } | { name: 'code'; email: string; sentAt: number };

/**
 * The sign-in dialog (spec §2): an email address, then the 6-digit code mailed to it; no
 * password. What the visitor did as a guest stays with the account.
 */
export default function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const inputId = useId();
  const errorId = useId();
  const providers = useQuery({ ...providersQuery, enabled: open }).data ?? [];

  const signedIn = () => {
    notify('success', t('auth.signedIn'));
    onOpenChange(false);
  };

  const withProvider = useMutation({
    mutationFn: async (provider: string) => {
      await signInWithProvider(provider);
      await queryClient.invalidateQueries();
    },
    onMutate: () => setError(''),
    onSuccess: signedIn,
    // Closing the popup is not an error worth a message.
    onError: (err) => {
      if (!(err instanceof Error && err.message === 'closed')) setError(t('auth.providerFailed'));
    },
  });

  const waitS =
    step.name === 'code' ? Math.max(0, RESEND_AFTER_S - Math.floor((now - step.sentAt) / 1000)) : 0;
  useEffect(() => {
    if (waitS <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitS]);

  const failed = (err: unknown) => setError(errorMessage(err, t('auth.networkError')));

  const send = useMutation({
    mutationFn: startEmailLogin,
    onMutate: () => setError(''),
    onSuccess: (_, address) => {
      setStep({ name: 'code', email: address.trim().toLowerCase(), sentAt: Date.now() });
      setNow(Date.now());
      setCode('');
    },
    onError: failed,
  });

  const verify = useMutation({
    mutationFn: async ({ address, value }: { address: string; value: string }) => {
      const token = await verifyEmailLogin(address, value);
      await signInWithToken(LoginType.OTHER, token);
      await queryClient.invalidateQueries();
    },
    onMutate: () => setError(''),
    onSuccess: () => {
      signedIn();
      setStep({ name: 'email' });
    },
    onError: (err) => {
      failed(err);
      setCode('');
    },
  });
  const busy = withProvider.isPending || send.isPending || verify.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step.name === 'email') send.mutate(email);
    else if (code.length === EMAIL_CODE.digits) verify.mutate({ address: step.email, value: code });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setError('');
      }}
      icon={<IconBadge icon={Mail} tone="raised" iconClassName="text-violet" />}
      title={t('auth.dialogTitle', { site: appConfig.siteName })}
      description={
        step.name === 'email'
          ? t('auth.emailIntro')
          : // The address is isolated so a right-to-left sentence keeps it in one piece.
            t('auth.codeIntro', { email: `\u2068${step.email}\u2069`, count: EMAIL_CODE.minutes })
      }
    >
      {step.name === 'email' && providers.length > 0 && (
        <div className="mt-5 grid grid-cols-1 gap-2">
          {providers.map((provider) => (
            <Button
              key={provider}
              type="button"
              variant="secondary"
              size="lg"
              disabled={busy}
              onClick={() => withProvider.mutate(provider)}
            >
              {t(`auth.continueWith.${provider}`, { defaultValue: t('auth.continueWith.oidc') })}
            </Button>
          ))}
          <p className="text-muted mt-2 text-center text-xs">{t('auth.orEmail')}</p>
        </div>
      )}
      <form className="mt-5 grid grid-cols-1 gap-3" onSubmit={submit} noValidate>
        {step.name === 'email' ? (
          <>
            <Label htmlFor={inputId}>{t('auth.email')}</Label>
            <Input
              id={inputId}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={t('auth.emailPlaceholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="placeholder:text-start"
            />
          </>
        ) : (
          <>
            <Label htmlFor={inputId}>{t('auth.code')}</Label>
            <input
              id={inputId}
              // The code field takes the focus as it appears, and again with each new code.
              key={step.sentAt}
              autoFocus
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={EMAIL_CODE.digits}
              value={code}
              onChange={(e) => {
                const digits = e.target.value.replace(/\D/g, '').slice(0, EMAIL_CODE.digits);
                setCode(digits);
                if (digits.length === EMAIL_CODE.digits && !busy)
                  verify.mutate({ address: step.email, value: digits });
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="border-line bg-surface-2 focus:border-violet h-14 rounded-xl border px-4 text-center font-mono text-2xl tracking-[0.5em] outline-none"
            />
          </>
        )}
        <p id={errorId} role="alert" className="text-pink min-h-5 text-sm">
          {error}
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={busy || (step.name === 'code' && code.length < EMAIL_CODE.digits)}
        >
          {busy && <Loader2 className="h-5 w-5 animate-spin" aria-hidden />}
          {step.name === 'email' ? t('auth.sendCode') : t('auth.signIn')}
        </Button>
        {step.name === 'code' ? (
          <div className="flex flex-wrap justify-center gap-x-2 gap-y-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy || waitS > 0}
              onClick={() => send.mutate(step.email)}
            >
              {waitS > 0 ? t('auth.resendIn', { count: waitS }) : t('auth.resend')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setStep({ name: 'email' });
                setError('');
              }}
            >
              {t('auth.otherEmail')}
            </Button>
          </div>
        ) : (
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('auth.continueAsGuest')}
          </Button>
        )}
      </form>
    </Dialog>
  );
}
