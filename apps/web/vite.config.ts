import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * The contract package holds zod schemas next to plain constants and messages. Building a schema has no effect
 * beyond its value, so each top-level declaration whose initialiser calls something becomes a pure IIFE
 * annotated `@__PURE__` (`const x = (() => init)()`): evaluated as before when used, dropped when not. A page that
 * only needs `messages` or `catalogLimits` then leaves the unused schemas — and zod itself — out of its chunk.
 */
function pureContractSchemas(): Plugin {
  const hasCall = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some(hasCall);
    const current = node as Node;
    if (current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression') return false;
    if (current.type === 'CallExpression' || current.type === 'NewExpression') return true;
    return Object.entries(current).some(
      ([key, value]) => key !== 'type' && typeof value === 'object' && hasCall(value),
    );
  };
  return {
    name: 'tibay:pure-contract-schemas',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!contractSource.test(id) || id.endsWith('.test.ts')) return null;
      const inits: Node[] = [];
      for (const statement of parseAst(code).body as unknown as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init && hasCall(init)) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * `@mantine/core/styles.css` is the stylesheet of all ~120 Mantine components; the shop uses about 70. In the build
 * it is replaced by the same file without the components nothing reaches (decision 0026): the components imported
 * from '@mantine/core' in src/ and in the other @mantine packages, and every component those import in turn
 * (Select brings Combobox, Popover, Input...). Kept in styles.css's own order, so rules override as before. The
 * development server keeps the whole file.
 */
function mantineUsedStyles(): Plugin {
  const core = path.resolve(webRoot, '../../node_modules/@mantine/core');
  const componentsDir = path.join(core, 'esm/components');
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  const usedStylesheet = () => {
    const components = new Set(readdirSync(componentsDir));
    const sources = [
      ...filesUnder(path.resolve(webRoot, 'src')).filter((file) => /\.tsx?$/.test(file)),
      ...['carousel', 'dates', 'dropzone', 'notifications'].flatMap((name) => {
        const dir = path.resolve(webRoot, `../../node_modules/@mantine/${name}/esm`);
        return filesUnder(dir).filter((file) => file.endsWith('.mjs'));
      }),
    ];
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)) {
        for (const name of match[1]!.split(',')) {
          const imported = name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!;
          if (components.has(imported)) used.add(imported);
        }
      }
    }
    // Every module those components import, transitively; each `X.module.mjs` among them has its rules in
    // styles/X.css (InlineInput for Checkbox, Combobox and Popover for Select, ...).
    const stylesheets = new Set<string>();
    const seen = new Set<string>();
    const queue = [...used].map((name) => path.join(componentsDir, name, `${name}.mjs`));
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file) || !statSync(file, { throwIfNoEntry: false })) continue;
      seen.add(file);
      if (file.endsWith('.module.mjs')) stylesheets.add(path.basename(file, '.module.mjs'));
      for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
        queue.push(path.resolve(path.dirname(file), match[1]!));
      }
    }
    const full = readFileSync(path.join(core, 'styles.css'), 'utf8');
    const parts = ['baseline', 'default-css-variables', 'global', ...stylesheets]
      .map((name) => path.join(core, 'styles', `${name}.css`))
      .filter((file) => statSync(file, { throwIfNoEntry: false }))
      .map((file) => readFileSync(file, 'utf8'))
      .map((css) => ({ css, at: full.indexOf(css.trim().slice(0, 300)) }));
    if (parts.some((part) => part.at < 0)) return full; // a layout this plugin does not know: keep everything
    return parts
      .sort((a, b) => a.at - b.at)
      .map((part) => part.css)
      .join('\n');
  };
  const generated = path.resolve(webRoot, 'node_modules/.tibay/mantine-used-styles.css');
  return {
    name: 'tibay:mantine-used-styles',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      mkdirSync(path.dirname(generated), { recursive: true });
      writeFileSync(generated, usedStylesheet());
    },
    resolveId(source) {
      return source === '@mantine/core/styles.css' ? generated : null;
    },
  };
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build (best brotli and gzip: done once here,
 * not per request), for the API's static server to send as they are (decision 0026). A copy that would not be
 * smaller is not written.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  let outDir = 'dist';
  return {
    name: 'tibay:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const raw = readFileSync(file);
        const brotli = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gzip = gzipSync(raw, { level: 9 });
        if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), pureContractSchemas(), mantineUsedStyles(), precompress()],
  resolve: {
    // React Router's package exports its development build (warnings and invariant messages included) to bundlers;
    // the production build beside it is the same code without them. The build takes that one (decision 0044); the
    // development server keeps the warnings.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve(webRoot, '../../node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/sandbox-gateway': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // bench/bundle-size.mjs reads the manifest to measure the home route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically is needed before anything shows: one chunk (the entry's
          // own) instead of ~20 small shared ones, each a request and a line in every lazy route's preload list
          // (decision 0044). Chunks reached through import() are split as before.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // Contract modules only declare things: one that nothing uses is left out.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
