#!/usr/bin/env node
// Serve a folder of Agent Skills with the MCP TypeScript SDK v2 skills extension.
//
//   node tests/interop/ts_publisher.mjs --stdio SKILLS_ROOT
//   node tests/interop/ts_publisher.mjs --http PORT SKILLS_ROOT     (listens on 127.0.0.1:PORT, path /mcp)
//   add --prefix ORG to serve skill://ORG/<name>/... instead of skill://<name>/...
//
// The SDK packages are loaded from the folder that tests/interop/setup.sh fills:
// <repo>/.cache/interop/node/node_modules, or $SKILLSCOPE_INTEROP_NODE_MODULES.
// Everything this script says goes to stderr: on --stdio, stdout carries JSON-RPC only.

import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const nodeModules = resolve(
    process.env.SKILLSCOPE_INTEROP_NODE_MODULES ?? join(here, '..', '..', '.cache', 'interop', 'node', 'node_modules')
);

function usage(message) {
    if (message) process.stderr.write(`ts_publisher: ${message}\n`);
    process.stderr.write('usage: ts_publisher.mjs (--stdio | --http PORT) [--prefix ORG] SKILLS_ROOT\n');
    process.exit(2);
}

function load(relative) {
    const file = join(nodeModules, relative);
    if (!existsSync(file)) {
        process.stderr.write(`ts_publisher: ${file} is missing; run tests/interop/setup.sh first\n`);
        process.exit(3);
    }
    return import(pathToFileURL(file).href);
}

const argv = process.argv.slice(2);
let mode;
let port;
let root;
let prefix;
for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--stdio') mode = 'stdio';
    else if (arg === '--http') {
        mode = 'http';
        port = Number(argv[++i]);
        if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`bad port ${argv[i]}`);
    } else if (arg === '--prefix') {
        prefix = argv[++i];
        if (!prefix) usage('--prefix needs a value');
    } else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else if (root === undefined) root = arg;
    else usage(`unexpected argument ${arg}`);
}
if (!mode || !root) usage();
root = resolve(root);

const { McpServer, createMcpHandler } = await load('@modelcontextprotocol/server/dist/index.mjs');
const { loadSkills } = await load('@modelcontextprotocol/server/dist/ext/skills/node.mjs');

// Warnings (a skipped skill, a limit) go to stderr so a test log shows them.
const skills = await loadSkills(root, {
    ...(prefix ? { prefix } : {}),
    onWarning: w => process.stderr.write(`ts_publisher: warning: ${w.path}: ${w.message}\n`)
});
process.stderr.write(`ts_publisher: ${skills.entries.length} skill(s) from ${root}\n`);

// One McpServer per serving unit (connection on stdio, request on HTTP); the catalog is shared.
function factory() {
    const server = new McpServer(
        { name: 'skillscope-interop-ts', version: '2.4.0' },
        { capabilities: { resources: {} } }
    );
    skills.attach(server);
    return server;
}

if (mode === 'stdio') {
    const { serveStdio } = await load('@modelcontextprotocol/server/dist/stdio.mjs');
    serveStdio(factory, { onerror: e => process.stderr.write(`ts_publisher: ${e?.stack ?? e}\n`) });
} else {
    const { toNodeHandler, localhostHostValidation } = await load('@modelcontextprotocol/node/dist/index.mjs');
    const handler = createMcpHandler(factory, {
        onerror: e => process.stderr.write(`ts_publisher: ${e?.message ?? e}\n`)
    });
    const nodeHandler = toNodeHandler(handler);
    const validateHost = localhostHostValidation();
    const httpServer = createServer((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/mcp') {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
            return;
        }
        if (!validateHost(req, res)) return;
        void nodeHandler(req, res);
    });
    httpServer.listen(port, '127.0.0.1', () => {
        const address = httpServer.address();
        process.stderr.write(`ts_publisher: listening on http://127.0.0.1:${address.port}/mcp\n`);
    });
    const stop = () => {
        httpServer.close();
        void handler.close().finally(() => process.exit(0));
        setTimeout(() => process.exit(0), 1000).unref();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
}
