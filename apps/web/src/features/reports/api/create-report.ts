import * as API from '@lumi/contract/api-routes/reports';
import { reportCreateBodySchema, type ReportReason, type ReportTargetType } from '@lumi/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** What the report dialog sends, checked with the contract's own schema before it goes. */
export const createReportInputSchema = reportCreateBodySchema;
export interface CreateReportInput {
  target_type: ReportTargetType;
  target_id: string | number;
  reason: ReportReason;
  details?: string;
}

/**
 * POST /cgi-bin/auth/report/create (issue 18). Silent: the dialog shows the server's translated
 * refusal itself. A second report of the same thing succeeds and changes nothing.
 */
export function createReport(input: CreateReportInput): Promise<null> {
  return call(API.reportCreate, { json: createReportInputSchema.parse(input), silent: true });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
