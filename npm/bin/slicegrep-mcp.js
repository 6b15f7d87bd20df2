#!/usr/bin/env node
// `slicegrep-mcp [options]` is `slicegrep mcp [options]`: the MCP server over stdio.
'use strict';
require('./slicegrep.js').main(['mcp', ...process.argv.slice(2)]);
