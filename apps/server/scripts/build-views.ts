import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defaultClientConditions, type Rollup } from 'vite';

/**
 * Builds the MCP Apps views (apps/server/views, one entry per view) into dist/views/<name>.html:
 * each a self-contained page with its script and styles inline, so the host's sandbox needs no
 * origin at all. Vite (the console's bundler) bundles each entry with the SDK's App class.
 */
const ROOT = fileURLToPath(new URL('../views/', import.meta.url));
const OUT = fileURLToPath(new URL('../dist/views/', import.meta.url));

/** The views and their page titles; apps.ts serves them as ui://comply/<name>. */
export const VIEWS: Record<string, string> = {
  readiness: 'Audit readiness',
  'risk-heat-map': 'Risk heat map',
  soa: 'Statement of Applicability',
  attention: 'Needs attention',
};

async function bundle(name: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    resolve: { conditions: ['@comply/source', ...defaultClientConditions] },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      target: 'es2022',
      // IIFE: Vite leaves the whitespace of an ES library build unminified.
      lib: { entry: join(ROOT, `${name}.ts`), formats: ['iife'], name: 'complyView', fileName: name },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`view ${name}: expected one chunk, got ${chunks.length}`);
  return chunks[0]!.code;
}

export async function buildViews(): Promise<Record<string, number>> {
  const css = await readFile(join(ROOT, 'view.css'), 'utf8');
  await mkdir(OUT, { recursive: true });
  const sizes: Record<string, number> = {};
  for (const [name, title] of Object.entries(VIEWS)) {
    // An inline script must not contain `</script`; escaping the slash keeps the code the same.
    const js = (await bundle(name)).replaceAll('</script', '<\\/script');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · Comply</title>
<style>${css.replace(/\s*\n\s*/g, '')}</style>
</head>
<body>
<main id="view" aria-busy="true"><p class="muted">Loading…</p></main>
<script>${js}</script>
</body>
</html>
`;
    await writeFile(join(OUT, `${name}.html`), html);
    sizes[name] = Buffer.byteLength(html);
  }
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = await buildViews();
  for (const [name, bytes] of Object.entries(sizes)) console.log(`views: ${name}.html ${bytes} bytes`);
}

/** Builds the views unless every built file is newer than every source (the tests' global setup). */
export async function buildViewsIfStale(): Promise<void> {
  const sources = (await readdir(ROOT)).map((name) => join(ROOT, name));
  const newest = Math.max(...(await Promise.all(sources.map(async (f) => (await stat(f)).mtimeMs))));
  const built = await Promise.all(
    Object.keys(VIEWS).map((name) =>
      stat(join(OUT, `${name}.html`)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  if (built.some((mtime) => mtime < newest)) await buildViews();
}
