// The cluster's S3-compatible store (deploy/cluster.mjs): S3rver on S3_PORT, its objects under
// S3_DIR, with the bucket `lumi`. On a real deployment: MinIO, or any S3 (docs/deploy.md).
import S3rver from 's3rver';

const server = new S3rver({
  port: Number(process.env.S3_PORT ?? 9000),
  address: '127.0.0.1',
  silent: true,
  directory: process.env.S3_DIR ?? 'data/s3',
  configureBuckets: [{ name: 'lumi', configs: [] }],
});
await server.run();
const close = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
