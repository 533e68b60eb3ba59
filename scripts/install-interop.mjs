#!/usr/bin/env node
// Root `postinstall`: installs tools/mcp-interop (the MCP Inspector and conformance CLIs with the
// Node 22 they run on) into its own node_modules. It is not a workspace on purpose: hoisted, that
// package's `node` bin would land in node_modules/.bin and shadow the project's Node in every script.
// `--check` only says whether it is installed (tests use it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOLS = fileURLToPath(new URL('../tools/mcp-interop/', import.meta.url));

// Settings a child npm must not inherit from this install's command line (`-w`, `--global`,
// `--allow-scripts`, `--save`…); registry, cache and proxy settings pass through.
const INHERITED =
  /^npm_config_(registry|cache|userconfig|globalconfig|(https_)?proxy|noproxy|strict_ssl|cafile|ca|fetch_.*|loglevel)$/;

function readPackages(file) {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).packages ?? {}) : undefined;
}

/**
 * True when node_modules holds every package the lock file requires at its locked version (npm
 * keeps a copy of what it installed); optional packages for other platforms are never installed.
 */
function upToDate() {
  const wanted = readPackages(join(TOOLS, 'package-lock.json'));
  const installed = readPackages(join(TOOLS, 'node_modules/.package-lock.json'));
  if (!wanted || !installed || !existsSync(join(TOOLS, 'node_modules/.bin/node'))) return false;
  return Object.entries(wanted).every(
    ([path, entry]) =>
      !path.startsWith('node_modules/') || entry.optional || installed[path]?.version === entry.version,
  );
}

// npm sets these for its lifecycle scripts (turbo never runs this file).
const npmEnv = { ...process.env };

if (npmEnv.npm_config_omit?.includes('dev') || npmEnv.NODE_ENV === 'production') {
  console.log('mcp-interop: skipped (a production install has no tests to run)');
} else if (upToDate()) {
  console.log('mcp-interop: up to date');
} else if (process.argv.includes('--check')) {
  console.log('mcp-interop: not installed or out of date; run `npm install`');
  process.exitCode = 1;
} else {
  console.log('mcp-interop: installing the MCP Inspector and conformance CLIs (tools/mcp-interop)…');
  const env = Object.fromEntries(
    Object.entries(npmEnv).filter(([key]) => !key.startsWith('npm_config_') || INHERITED.test(key)),
  );
  // The npm that runs this install, when known; otherwise the one on PATH.
  const [command, ...prefix] = npmEnv.npm_execpath ? [process.execPath, npmEnv.npm_execpath] : ['npm'];
  const result = spawnSync(command, [...prefix, 'ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: TOOLS,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`mcp-interop: \`npm ci\` in tools/mcp-interop failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}
