/** The operator console's calls (issue 23): see api/operator.ts for their schemas. */
export const operatorUsers = { method: 'GET', path: '/cgi-bin/admin/operator/users' } as const;
export const operatorUser = { method: 'GET', path: '/cgi-bin/admin/operator/user' } as const;
export const operatorCredits = { method: 'POST', path: '/cgi-bin/admin/operator/credits' } as const;
export const operatorRefund = { method: 'POST', path: '/cgi-bin/admin/operator/order/refund' } as const;
export const operatorBan = { method: 'POST', path: '/cgi-bin/admin/operator/ban' } as const;
export const operatorJobs = { method: 'GET', path: '/cgi-bin/admin/operator/jobs' } as const;
export const operatorJobAction = { method: 'POST', path: '/cgi-bin/admin/operator/job' } as const;
export const operatorEngines = { method: 'GET', path: '/cgi-bin/admin/operator/engines' } as const;
export const operatorLog = { method: 'GET', path: '/cgi-bin/admin/operator/log' } as const;
