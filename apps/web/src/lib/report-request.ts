import type { ReportTargetType } from '@lumi/contract';
import { openStore } from './open-store';

/** Something to report: its kind and id as the page knows it, and a name for the dialog's title. */
export interface ReportTarget {
  type: ReportTargetType;
  /** A character's or message's id; a share's id; for a profile, one of the creator's characters. */
  id: string | number;
  name?: string | undefined;
}

/**
 * Any page can open the report dialog (issue 18) without importing the reports feature: the
 * app shell mounts its host, which listens here.
 */
export const reportRequests = openStore<ReportTarget>();
