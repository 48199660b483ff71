/**
 * The smoke tests that `npm run cluster:check` runs through the cluster's proxy
 * (`--grep @cluster`): a list, an image job and a speech job, across processes (chat goes through
 * it in the load run).
 */
export const CLUSTER = { tag: '@cluster' };
