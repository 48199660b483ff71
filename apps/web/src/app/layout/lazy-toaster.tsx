import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { toasterMounted } from '@/lib/toast';

function Mounted() {
  // Runs after the Toaster's own effects, so it already listens for toasts.
  useEffect(toasterMounted, []);
  return null;
}

export default function LazyToaster() {
  const { i18n } = useTranslation();
  return (
    <>
      <Toaster theme="dark" position="top-center" dir={i18n.dir()} richColors closeButton />
      <Mounted />
    </>
  );
}
