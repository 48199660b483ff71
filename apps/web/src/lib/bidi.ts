// One home for bidi isolation: the contract, which the server's prerendered pages use too.
export { isolate } from '@lumi/contract';
