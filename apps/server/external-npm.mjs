// The esbuild plugin every bundle of the server uses (build.mjs, the cluster tests, the
// benchmarks): the workspace packages (@lumi/*) are bundled, npm dependencies stay external and
// load from node_modules at run time.

/** @type {import('esbuild').Plugin} */
export const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lumi/') ? undefined : { path: args.path, external: true },
    );
  },
};
