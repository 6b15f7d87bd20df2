// Drives slicegrep-mcp with the official MCP TypeScript SDK client over stdio.
// Usage: node client.mjs '<json: {command, args, fixture, warmCalls}>'
// Prints one JSON summary line on stdout; exits 1 with the reason on stderr when a check fails.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const config = JSON.parse(process.argv[2]);
const transport = new StdioClientTransport({
  command: config.command,
  args: config.args,
  stderr: 'pipe',
});
let serverLog = '';
transport.stderr?.on('data', (chunk) => { serverLog += chunk; });
const client = new Client({ name: 'slicegrep-mcp-test', version: '1.0.0' });

try {
  await client.connect(transport);
  const summary = {
    server: client.getServerVersion(),
    capabilities: client.getServerCapabilities(),
  };

  const { tools } = await client.listTools();
  summary.tools = tools.map((t) => t.name);
  const focused = tools.find((t) => t.name === 'focused_read');
  assert.ok(focused, 'focused_read is listed');
  assert.deepEqual(focused.inputSchema.required, ['path', 'pattern']);

  // callTool validates structuredContent against the tool's outputSchema.
  const ok = await client.callTool({
    name: 'focused_read',
    arguments: { path: config.fixture, pattern: 'class Scorer|def score', budget: 400, boundary: 'fn' },
  });
  assert.notEqual(ok.isError, true, JSON.stringify(ok));
  assert.equal(ok.content[0].type, 'text');
  summary.text = ok.content[0].text;
  summary.structured = ok.structuredContent;

  const map = await client.callTool({
    name: 'file_map',
    arguments: { path: config.fixture + '/src/scorer.py' },
  });
  assert.notEqual(map.isError, true, JSON.stringify(map));
  summary.map = map.content[0].text;
  summary.mapStructured = map.structuredContent;

  const bad = await client.callTool({
    name: 'focused_read',
    arguments: { path: config.fixture, pattern: 'score', boundary: 'sideways' },
  });
  assert.equal(bad.isError, true, JSON.stringify(bad));
  summary.badArgument = bad.content[0].text;

  const outside = await client.callTool({
    name: 'focused_read',
    arguments: { path: config.fixture + '/../outside.py', pattern: 'secret' },
  });
  assert.equal(outside.isError, true, JSON.stringify(outside));
  summary.outside = outside.content[0].text;

  const timings = [];
  for (let i = 0; i < (config.warmCalls ?? 0); i++) {
    const start = process.hrtime.bigint();
    const r = await client.callTool({
      name: 'focused_read',
      arguments: { path: config.fixture, pattern: 'def score|normalise', budget: 800 },
    });
    timings.push(Number(process.hrtime.bigint() - start) / 1e6);
    assert.notEqual(r.isError, true);
  }
  timings.sort((a, b) => a - b);
  summary.warmMedianMs = timings.length ? timings[Math.floor(timings.length / 2)] : null;

  await client.ping();
  await client.close();
  summary.closed = true;
  process.stdout.write(JSON.stringify(summary) + '\n');
} catch (e) {
  process.stderr.write(`client check failed: ${e?.stack ?? e}\nserver stderr:\n${serverLog}\n`);
  await client.close().catch(() => {});
  process.exit(1);
}
