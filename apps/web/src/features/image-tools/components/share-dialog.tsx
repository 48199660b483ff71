import { Check, Copy, Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { appConfig } from '@/lib/app-config';
import { notify } from '@/lib/toast';
import { shareTargets } from '../lib/share-links';
import { FacebookMark, XMark } from './brand-icons';
import { IconBadge } from '@/components/ui/icon-badge';
import { Label } from '@/components/ui/input';

const targetClass =
  'border-line bg-surface-2 hover:bg-surface-3 inline-flex h-11 items-center justify-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors duration-150';

/** The share buttons of a public picture: X, Facebook, and the link to copy. */
export function ShareButtons({ url, onCopied }: { url: string; onCopied?: () => void }) {
  const { t } = useTranslation('images');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const targets = shareTargets(url, t('share.text', { site: appConfig.siteName }));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify('success', t('share.copied'));
      onCopied?.();
    } catch {
      // No clipboard access (permissions, an old browser): select the link for the user.
      input.current?.select();
      notify('info', t('share.copyFailed'));
    }
  };

  return (
    <div className="grid gap-3" data-testid="share-buttons">
      <div>
        <Label htmlFor={inputId}>{t('share.link')}</Label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={inputId}
            ref={input}
            readOnly
            value={url}
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            className="border-line bg-surface-2 text-muted h-11 min-w-0 flex-1 rounded-xl border px-3 font-mono text-xs outline-none focus-visible:outline-2 focus-visible:outline-violet-300"
            data-testid="share-link"
          />
          <button
            type="button"
            onClick={() => void copy()}
            className="bg-accent shadow-pink/20 inline-flex h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold text-white shadow-lg hover:brightness-110"
          >
            {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            {t('share.copy')}
          </button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <a
          href={targets.x}
          target="_blank"
          rel="noopener noreferrer"
          className={targetClass}
          aria-label={t('share.x')}
          title={t('share.x')}
        >
          <XMark className="h-4 w-4" />
          {/* The brand's name, the same in every language; the accessible name says what it does. */}
          <span dir="ltr">X</span>
        </a>
        <a href={targets.facebook} target="_blank" rel="noopener noreferrer" className={targetClass}>
          <FacebookMark className="h-5 w-5" />
          {t('share.facebook')}
        </a>
      </div>
    </div>
  );
}

/** After a picture is shared: where to send its public page. */
export function ShareDialog({
  open,
  onOpenChange,
  url,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  url: string;
}) {
  const { t } = useTranslation('images');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<IconBadge icon={Share2} tone="accent" />}
      title={t('share.title')}
      description={t('share.desc')}
    >
      <div className="mt-5">
        <ShareButtons url={url} />
      </div>
    </Dialog>
  );
}
