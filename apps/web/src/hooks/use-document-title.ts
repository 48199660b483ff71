import { useEffect } from 'react';
import { appConfig } from '@/lib/app-config';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${appConfig.siteName}` : appConfig.siteName;
  }, [title]);
}
