import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { ROUTE_MODULES } from './src/app/route-modules.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes .gz and .br beside every text asset so the server sends them precompressed at the
 * highest level, with no compression work per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lumi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await fs.readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map(async (e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          ),
        );
        return nested.flat();
      };
      const files = (await walk(outDir)).filter((f) => /\.(js|css|json|svg|webmanifest|txt|xml)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < 512) return;
          await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
          await fs.writeFile(
            `${file}.br`,
            await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

/**
 * Builds sw/sw.ts into /sw.js with the build's id, so each release installs a new worker that
 * drops the caches of the one before.
 */
function serviceWorker(): Plugin {
  return {
    name: 'lumi-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const id = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const result = await esbuild({
        entryPoints: [path.resolve(import.meta.dirname, 'sw/sw.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: { BUILD_ID: JSON.stringify(id) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.outputFiles[0]!.text });
    },
  };
}

/**
 * The server sends every page with its text already in it (issue 10). The app's script starts
 * loading only once that text is on screen, so on a slow phone the reader sees the page at once
 * instead of waiting for the JavaScript; the app then takes over.
 */
function paintFirst(): Plugin {
  return {
    name: 'lumi-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(
          html,
        );
        if (!entry) throw new Error('paint-first: the entry script tag was not found');
        // The server lists the page's own files in #route-files (see routeFiles below): they are
        // fetched beside the entry, not after it.
        const loader = `<script type="module">requestAnimationFrame(()=>setTimeout(()=>{import(${JSON.stringify(entry[1])});const f=document.getElementById("route-files");for(const href of f?JSON.parse(f.textContent).files:[]){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}}))</script>`;
        return html
          .replace(entry[0], '')
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace('</body>', `  ${loader}\n  </body>`);
      },
    },
  };
}

/** Pages router.tsx imports that are not a route's page: they never start a page's first load. */
const NOT_ROUTES = ['features/content/tool-marketing.tsx', 'app/routes/placeholder-page.tsx'];

/**
 * dist/route-files.json: for each route, the files of its page beyond the app's own (the page's
 * chunk and everything it imports, at any depth), and for each locale its strings files. The
 * server lists them in the page so the browser fetches them together as soon as the app starts,
 * instead of discovering them one import at a time (see src/app/route-modules.ts).
 */
function routeFiles(): Plugin {
  let src = '';
  return {
    name: 'lumi-route-files',
    apply: 'build',
    configResolved(config) {
      src = path.resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
      const closure = (chunk: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file)!, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return this.error('route-files: no entry chunk');
      const initial = closure(entry);
      const router = this.getModuleInfo(path.join(src, 'app/router.tsx'));
      const pages = new Set(router?.dynamicallyImportedIds.map((id) => path.relative(src, id)));
      const listed = new Set<string>(Object.values(ROUTE_MODULES).map((r) => r.module));
      const unlisted = [...pages].filter((m) => !listed.has(m) && !NOT_ROUTES.includes(m));
      if (unlisted.length)
        this.error(`route-files: router.tsx imports pages not in route-modules.ts: ${unlisted.join(', ')}`);
      const routes: Record<string, { module: string; files: string[]; namespaces: readonly string[] }> = {};
      for (const [name, { module, namespaces = [] }] of Object.entries(ROUTE_MODULES)) {
        if (!pages.has(module))
          this.error(`route-files: ${name}'s ${module} is not a page router.tsx imports`);
        const chunk = byModule.get(path.join(src, module));
        if (!chunk) return this.error(`route-files: ${module} is in no chunk`);
        const files = closure(chunk);
        routes[name] = {
          module,
          files: [...files].filter((f) => !initial.has(f)).map((f) => `/${f}`),
          namespaces,
        };
      }
      const locales: Record<string, Record<string, string>> = {};
      for (const chunk of chunks) {
        const strings = /^strings-(\w+)$/.exec(chunk.name);
        const json =
          chunk.facadeModuleId && /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId);
        const [locale, key] = strings ? [strings[1]!, 'strings'] : json ? [json[1]!, json[2]!] : [];
        if (locale && key) (locales[locale] ??= {})[key] = `/${chunk.fileName}`;
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-files.json',
        source: JSON.stringify({ routes, locales }),
      });
    },
  };
}

/** Namespaces the home page shows and the locale's map of its namespaces; each locale's set is one file. */
const HOME_NAMESPACES = /[\\/]locales[\\/](\w+)[\\/](?:common\.json|characters\.json|load\.ts)$/;

/**
 * A phone's first load of home in a handful of files (issue 19) instead of forty: rolldown's
 * automatic chunking gave every module shared between the app and a lazy page its own file
 * (each icon, each query hook). Higher priority claims first; each group takes the modules its
 * members import unless a group above already has them.
 */
const CHUNK_GROUPS = [
  // What the app runs before any page: React, the router, i18n, the query client, the shell.
  { name: 'app', tags: ['$initial' as const], priority: 30 },
  // Home's strings in the visitor's language: common and characters in one file, with the
  // locale's map of its other namespaces.
  {
    name: (id: string) => {
      const match = HOME_NAMESPACES.exec(id);
      return match ? `strings-${match[1]}` : null;
    },
    test: HOME_NAMESPACES,
    priority: 20,
  },
  // The character list pages (home first) with what they share: cards, the paged list, likes.
  // Home's route brings its adult-content switch and 18+ question.
  {
    name: 'home',
    test: /[\\/](?:features[\\/]characters[\\/]pages[\\/]home-page|app[\\/]routes[\\/]home-route)\.tsx$/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), paintFirst(), routeFiles(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      // The strings live in the contract (the server reads them too); the app imports them as before.
      {
        find: /^@\/locales\//,
        replacement: `${path.resolve(import.meta.dirname, '../../packages/contract/locales')}/`,
      },
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // React 19 has useSyncExternalStore; the shim react-i18next and wouter import for React 17 is dead code.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Every supported browser has modulepreload; the pages' code is imported, not preloaded.
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    proxy: { '/cgi-bin': 'http://localhost:8080' },
  },
});
