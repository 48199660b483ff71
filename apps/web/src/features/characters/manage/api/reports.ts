import { type ModerationActionKind, type ReportTargetType } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/reports';
import { call } from '@/lib/api-client';

/** GET /cgi-bin/admin/report/list: items with open reports (admins; FORBIDDEN otherwise). */
export const listReports = (params: {
  page: number;
  sort: 'reports' | 'newest';
  target_type?: ReportTargetType | undefined;
}) => call(API.reportQueue, { query: { page_size: 20, ...params }, silent: true });

/** POST /cgi-bin/admin/report/action: one action on one item, written to the audit log. */
export const actOnReport = (body: {
  target_type: ReportTargetType;
  target_id: string;
  action: ModerationActionKind;
  note: string;
}) => call(API.reportAction, { json: body });

/** GET /cgi-bin/admin/report/log: the audit log, newest first. */
export const moderationLog = (page: number) =>
  call(API.reportLog, { query: { page, page_size: 30 }, silent: true });

/** GET /cgi-bin/admin/safety/counts: the operator's figures for the last 30 days. */
export const safetyCounts = () => call(API.safetyCounts, { query: { days: 30 }, silent: true });
