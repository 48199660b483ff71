/** The Emscripten module of the `espeak-ng` package: runs the CLI once with `arguments`. */
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: {
      readFile(path: string, options?: { encoding?: 'binary' }): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  export default function ESpeakNg(options: {
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    preRun?: ((module: ESpeakModule) => void)[];
  }): Promise<ESpeakModule>;
}
