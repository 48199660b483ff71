import type { Plugin } from 'esbuild';

export declare const externalNpm: Plugin;
