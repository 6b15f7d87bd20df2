#!/usr/bin/env node
// Launcher of the slicegrep npm package: finds Java 17 or newer and runs one of the two bundled
// runnable jars with the caller's arguments, stdin, stdout and stderr, ending with the jar's
// exit status.
//
//   slicegrep mcp [--root DIR]... [--verbose]      the MCP server over stdio (lib/slicegrep-mcp.jar)
//   slicegrep <path> <pattern> [options]          the command line (lib/slicegrep.jar)
//
// Java: $JAVA_HOME/bin/java first, then `java` on the PATH; the first whose `java -version` says
// 17 or newer runs. With none, a message on stderr and exit status 2 (grep's "error" status, so
// it is never read as "nothing matched"). The launcher itself never writes to stdout: for the
// MCP server stdout is the protocol. SLICEGREP_JAVA_OPTS adds JVM options (split on spaces).
// No dependencies beyond Node itself.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const MIN_JAVA = 17;
const LIB = path.join(__dirname, '..', 'lib');
const CLI_JAR = path.join(LIB, 'slicegrep.jar');
const MCP_JAR = path.join(LIB, 'slicegrep-mcp.jar');
const EXIT_ERROR = 2;
// The command line is a short-lived process: the client compiler only and the serial collector
// start it faster (docs/RESULTS.md, Speed), and JVM log lines go to stderr, errors only.
const CLI_JVM_OPTIONS = [
  '-Xlog:disable', '-Xlog:all=error:stderr', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC',
];

function fail(message) {
  process.stderr.write(`slicegrep: ${message}\n`);
  process.exit(EXIT_ERROR);
}

/**
 * The Java feature version in `java -version` output: 17 for `openjdk version "17.0.15"`,
 * 21 for `"21"` or `"21-ea"`, 8 for `java version "1.8.0_381"`; null when there is none.
 */
function parseJavaVersion(output) {
  const m = /version "([^"]+)"/.exec(output);
  if (!m) {
    return null;
  }
  const parts = /^(\d+)(?:\.(\d+))?/.exec(m[1]);
  if (!parts) {
    return null;
  }
  const first = Number(parts[1]);
  const major = first === 1 && parts[2] !== undefined ? Number(parts[2]) : first;
  return { major, text: m[1] };
}

function executableName(name) {
  return process.platform === 'win32' ? `${name}.exe` : name;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first `java` in the PATH's directories, or null. */
function javaOnPath(env) {
  const dirs = (env.PATH || env.Path || '').split(path.delimiter).filter((d) => d !== '');
  const names = process.platform === 'win32'
    ? (env.PATHEXT || '.EXE').split(';').filter((e) => e !== '').map((e) => `java${e.toLowerCase()}`)
    : ['java'];
  for (const dir of dirs) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (isFile(file)) {
        return file;
      }
    }
  }
  return null;
}

/** Runs `java -version` and says what it found: {version} or {problem}. */
function probe(java) {
  const r = spawnSync(java, ['-version'], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60000, windowsHide: true,
  });
  if (r.error) {
    return { problem: `could not be run (${r.error.code || r.error.message})` };
  }
  const version = parseJavaVersion(`${r.stderr}\n${r.stdout}`);
  if (!version) {
    const said = `${r.stderr}${r.stdout}`.trim().split(/\r?\n/)[0] || 'nothing';
    return { problem: `did not report a version (java -version said: ${said})` };
  }
  return { version };
}

/** The path of a Java 17+ launcher, or exits with a message saying what was found. */
function findJava(env) {
  const found = [];
  if (env.JAVA_HOME) {
    const java = path.join(env.JAVA_HOME, 'bin', executableName('java'));
    if (isFile(java)) {
      found.push({ where: `JAVA_HOME (${java})`, java });
    } else {
      found.push({ where: `JAVA_HOME (${env.JAVA_HOME})`, problem: 'has no bin/java' });
    }
  }
  const onPath = javaOnPath(env);
  if (onPath) {
    found.push({ where: `PATH (${onPath})`, java: onPath });
  } else {
    found.push({ where: 'PATH', problem: 'has no java' });
  }
  for (const f of found) {
    if (!f.java) {
      continue;
    }
    const p = probe(f.java);
    if (p.version && p.version.major >= MIN_JAVA) {
      return f.java;
    }
    f.problem = p.problem || `is Java ${p.version.major} (version "${p.version.text}")`;
  }
  const lines = found.map((f) => `  ${f.where}: ${f.problem}`);
  fail(`needs Java ${MIN_JAVA} or newer, and found none:\n${lines.join('\n')}\n`
    + `Install a Java ${MIN_JAVA}+ runtime (any OpenJDK build, such as Eclipse Temurin 17 or 21),`
    + ' then put its bin directory on the PATH or set JAVA_HOME to it.');
  return null;
}

function javaOptionsFromEnv(env) {
  return (env.SLICEGREP_JAVA_OPTS || '').split(/\s+/).filter((o) => o !== '');
}

/** Runs the jar for `args` and leaves with its exit status (or its signal). */
function main(args) {
  const env = process.env;
  const mcp = args[0] === 'mcp';
  const jar = mcp ? MCP_JAR : CLI_JAR;
  if (!isFile(jar)) {
    fail(`${jar} is missing: this package is incomplete, reinstall it`);
  }
  const java = findJava(env);
  const childEnv = { ...env };
  const jvm = javaOptionsFromEnv(env);
  if (!mcp) {
    jvm.unshift(...CLI_JVM_OPTIONS);
    // Progress lines for a long cold index only when a person watches stderr.
    if (childEnv.SLICEGREP_PROGRESS === undefined) {
      childEnv.SLICEGREP_PROGRESS = process.stderr.isTTY ? '1' : '0';
    }
  }
  const child = spawn(java, [...jvm, '-jar', jar, ...(mcp ? args.slice(1) : args)], {
    stdio: 'inherit', env: childEnv, windowsHide: true,
  });
  // A client that stops the server signals this process: pass the signal on to Java.
  const forward = (signal) => {
    try {
      child.kill(signal);
    } catch {
      // the child is gone already
    }
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) {
    process.on(s, forward);
  }
  child.on('error', (e) => fail(`could not start ${java}: ${e.message}`));
  child.on('exit', (code, signal) => {
    for (const s of signals) {
      process.removeListener(s, forward);
    }
    if (signal && process.platform !== 'win32') {
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code === null ? EXIT_ERROR : code);
  });
}

module.exports = { main, parseJavaVersion };

if (require.main === module) {
  main(process.argv.slice(2));
}
