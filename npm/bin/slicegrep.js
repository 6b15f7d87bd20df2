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
//
// The command line's classes are prepared ahead of time, as the checkout's ./slicegrep does: the
// first run with a given Java writes a class-data-sharing archive (Java 17-23) or records a
// training run from which an AOT cache (Java 24+, JEP 483) is assembled in the background; later
// runs map it. The file is named by the Java (its version and a hash of its path), so no other
// JDK maps it, and lives beside the jar, or under $XDG_CACHE_HOME/slicegrep/jvm (~/.cache/...)
// where the package folder is read-only. SLICEGREP_JVM_CACHE=off runs without it.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MIN_JAVA = 17;
const LIB = path.join(__dirname, '..', 'lib');
const CLI_JAR = path.join(LIB, 'slicegrep.jar');
// The server client's classes alone, put before the runnable jar on the class path: a call the
// resident server answers then never opens the runnable jar and its 10,000 entries.
const CLIENT_JAR = path.join(LIB, 'slicegrep-client.jar');
const CLI_MAIN = 'io.github.slicegrep.cli.Main';
const MCP_JAR = path.join(LIB, 'slicegrep-mcp.jar');
const EXIT_ERROR = 2;
// The command line is a short-lived process: the client compiler only starts it faster
// (docs/RESULTS.md, Speed), and JVM log lines go to stderr, errors only. A call handed to the resident server runs with G1, the only collector under which Java 17 maps
// the archived module graph of the JDK's class-data archive (about 14 ms sooner); a search in the
// JVM itself keeps the serial collector and writes no hsperfdata file (about 5 ms of a quarter
// second; docs/server.md, The client).
const CLIENT_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseG1GC'];
const IN_PROCESS_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData'];
// A missing, stale or damaged AOT cache is an error line of the aot tag on JDK 25 (and the run
// goes on without it): those lines are off, as are cds lines, on Java 24+.
const LOG_OPTIONS = ['-Xlog:disable', '-Xlog:all=error:stderr'];
const LOG_OPTIONS_AOT = ['-Xlog:disable', '-Xlog:all=error,aot*=off,cds*=off:stderr'];
const FIRST_AOT_JAVA = 24;
// A lock older than this was left by a killed run: the next run may write the cache.
const STALE_LOCK_MS = 10 * 60 * 1000;
// The run that writes the class archive (or records the AOT cache) searches a second time,
// unseen, once its answer is out, so the archive also holds the path of the calls after it: the
// first call on a tree writes its index, later ones read it (SlicegrepCommand.REHEARSAL_PROPERTY).
const REHEARSE = '-Dslicegrep.rehearse=true';
// Set in the environment of the detached helper that assembles an AOT cache.
const AOT_CREATE_VARIABLE = 'SLICEGREP_NPM_AOT_CREATE';

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

/** The Java 17+ launcher and its version ({java, version}), or exits saying what was found. */
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
      return { java: f.java, version: p.version };
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

function mtimeMs(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/** A folder for the cache files: beside the jar when it can be written, else the user's cache. */
function cacheDir(env) {
  try {
    fs.accessSync(LIB, fs.constants.W_OK);
    return LIB;
  } catch {
    // a read-only install (a global one owned by root): the user's own cache folder
  }
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  // One folder per installed jar: caches of two installs never meet.
  const sub = crypto.createHash('sha256').update(CLI_JAR).digest('hex').slice(0, 12);
  const dir = path.join(base, 'slicegrep', 'jvm', sub);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
    return dir;
  } catch {
    return null;
  }
}

/**
 * What the command line's JVM does with its class cache: {options} to add, and after the run
 * {finish(jvmOptions, exitCode)} to keep what a training run wrote (nothing after an error).
 * `inProcess` picks the cache of runs that search in the JVM itself; `entry` is what java runs,
 * for the step that assembles an AOT cache; only a run that `trains` (a search) writes one.
 * Never throws: without a cache, the run goes on as it would.
 */
function classCache(env, java, version, inProcess, entry, trains) {
  const none = { log: LOG_OPTIONS, options: [], finish: () => {} };
  if (env.SLICEGREP_JVM_CACHE === 'off') {
    return none;
  }
  try {
    const dir = cacheDir(env);
    if (!dir) {
      return none;
    }
    let real = java;
    try {
      real = fs.realpathSync(java);
    } catch {
      // keep the path as found
    }
    const aot = version.major >= FIRST_AOT_JAVA;
    // The jar by its file's identity: npm gives every installed file the same modification time
    // (1985), so unlike the checkout's launcher, "newer than the jar" would keep a cache of the
    // jar a reinstall replaced. ctime and inode change when the file is written again.
    const st = fs.statSync(CLI_JAR);
    const jarKey = crypto.createHash('sha256')
      .update(`${st.size} ${st.mtimeMs} ${st.ctimeMs} ${st.ino}`).digest('hex').slice(0, 8);
    const jdkKey = `jdk${version.text.replace(/[^A-Za-z0-9.+_-]/g, '_')}-`
      + crypto.createHash('sha256').update(real).digest('hex').slice(0, 8);
    // A call to the server and a search in the JVM load different classes: a cache each.
    const kind = inProcess ? 'inprocess-' : '';
    const file = path.join(dir, `slicegrep-${jarKey}-${kind}${jdkKey}${aot ? '.aot' : '.jsa'}`);
    const log = aot ? LOG_OPTIONS_AOT : LOG_OPTIONS;
    if (mtimeMs(file) >= 0) {
      return { log, options: [aot ? `-XX:AOTCache=${file}` : `-XX:SharedArchiveFile=${file}`],
        finish: () => {} };
    }
    if (!trains) {
      return { log, options: [], finish: () => {} };
    }
    const lock = `${file}.lock`;
    try {
      fs.mkdirSync(lock);
    } catch {
      if (Date.now() - mtimeMs(lock) > STALE_LOCK_MS) {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      return { log, options: [], finish: () => {} };
    }
    const unlock = () => fs.rmSync(lock, { recursive: true, force: true });
    // Caches of a jar no longer installed here, and temporary files of killed runs, go.
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith('slicegrep-') && !name.startsWith(`slicegrep-${jarKey}-`)
          && /\.(aot|jsa)(\.tmp\d+(\.conf)?)?$/.test(name)) {
        fs.rmSync(path.join(dir, name), { force: true });
      } else if (name.startsWith(path.basename(file) + '.tmp')) {
        fs.rmSync(path.join(dir, name), { force: true });
      }
    }
    const tmp = `${file}.tmp${process.pid}`;
    if (!aot) {
      // The JVM writes the archive at exit; it is renamed into place once complete.
      const options = [`-XX:ArchiveClassesAtExit=${tmp}`, REHEARSE];
      return { log, options, finish: (jvm, code) => {
        try {
          if (trainedOnTheSearch(code) && mtimeMs(tmp) >= 0 && fs.statSync(tmp).size > 0) {
            fs.renameSync(tmp, file);
          }
        } catch {
          // no archive this time: the next run tries again
        }
        fs.rmSync(tmp, { force: true });
        unlock();
      } };
    }
    // Record mode prints "AOTConfiguration recorded" on stdout, where it would corrupt the report:
    // -DisplayVMOutput keeps the JVM's own messages off this one run. The cache is assembled from
    // the record by a detached helper (about a second of a JVM) so this run does not wait for it.
    const conf = `${tmp}.conf`;
    return { log, options: ['-XX:AOTMode=record', `-XX:AOTConfiguration=${conf}`,
      '-XX:+UnlockDiagnosticVMOptions', '-XX:-DisplayVMOutput', REHEARSE], finish: (jvm, code) => {
      try {
        if (!trainedOnTheSearch(code) || mtimeMs(conf) < 0) {
          fs.rmSync(conf, { force: true });
          unlock();
          return;
        }
        const job = { java, jvm, conf, tmp, file, lock, entry };
        const helper = spawn(process.execPath, [__filename], {
          detached: true, stdio: 'ignore', windowsHide: true,
          env: { ...env, [AOT_CREATE_VARIABLE]: JSON.stringify(job) },
        });
        helper.on('error', () => {
          fs.rmSync(conf, { force: true });
          unlock();
        });
        helper.unref();
      } catch {
        fs.rmSync(conf, { force: true });
        unlock();
      }
    } };
  } catch {
    return none;
  }
}

/**
 * Whether a run that wrote the archive or recorded the cache ran a search (exit status 0, or 1 for
 * nothing found). A run that stopped on an error (a mistyped path, a bad option, a signal) loaded
 * only its error path's classes: kept, its archive would leave every later search loading the
 * engine from the jar until the next install.
 */
function trainedOnTheSearch(code) {
  return code === 0 || code === 1;
}

/** The detached helper: assembles an AOT cache from a training run's record, then unlocks. */
function createAotCache(job) {
  try {
    const r = spawnSync(job.java, [...job.jvm, '-XX:AOTMode=create',
      `-XX:AOTConfiguration=${job.conf}`, `-XX:AOTCache=${job.tmp}`, ...job.entry], {
      stdio: 'ignore', timeout: 5 * 60 * 1000, windowsHide: true,
    });
    if (r.status === 0 && mtimeMs(job.tmp) >= 0 && fs.statSync(job.tmp).size > 0) {
      fs.renameSync(job.tmp, job.file);
    }
  } catch {
    // no cache this time: the next run records again
  } finally {
    fs.rmSync(job.tmp, { force: true });
    fs.rmSync(job.conf, { force: true });
    fs.rmSync(job.lock, { recursive: true, force: true });
  }
}

/**
 * Whether the arguments ask for a search, the only kind of run that writes the class archive or
 * records the cache: a first call for the version, the help or the server's status loads none of
 * the engine, and its archive would leave every later search loading it from the jar.
 */
function searches(args) {
  for (const a of args) {
    if (a === '--') {
      break;
    }
    if (['-h', '--help', '-V', '--version'].includes(a) || a.startsWith('--server')) {
      return false;
    }
  }
  return true;
}

/**
 * Whether the command line runs in the JVM itself rather than handing the call to the resident
 * server, by the rules of cli.Main: --no-server, --server ..., or SLICEGREP_SERVER=off (0, false,
 * no).
 */
function runsInProcess(args, env) {
  const s = (env.SLICEGREP_SERVER || '').trim().toLowerCase();
  if (s === 'off' || s === '0' || s === 'false' || s === 'no') {
    return true;
  }
  return args.some((a) => a === '--no-server' || a.startsWith('--server'));
}

/** Runs the jar for `args` and leaves with its exit status (or its signal). */
function main(args) {
  const env = process.env;
  const mcp = args[0] === 'mcp';
  const jar = mcp ? MCP_JAR : CLI_JAR;
  if (!isFile(jar)) {
    fail(`${jar} is missing: this package is incomplete, reinstall it`);
  }
  const { java, version } = findJava(env);
  const childEnv = { ...env };
  const jvm = javaOptionsFromEnv(env);
  let cache = { options: [], finish: () => {} };
  // What java runs: the runnable jar, or for a call to the server the client's jar before it.
  let entry = ['-jar', jar];
  if (!mcp) {
    const inProcess = runsInProcess(args, env);
    if (!inProcess && isFile(CLIENT_JAR)) {
      entry = ['-cp', `${CLIENT_JAR}${path.delimiter}${CLI_JAR}`, CLI_MAIN];
      // The runnable jar's manifest allows tree-sitter's native library only with -jar: a call
      // that falls back to running here needs it said on Java 22+.
      if (version.major >= 22) {
        entry.unshift('--enable-native-access=ALL-UNNAMED');
      }
    }
    cache = classCache(env, java, version, inProcess, entry, searches(args));
    // The cache's options before the caller's, and the same options (without the cache's) for
    // the step that assembles an AOT cache: it must see the JVM the runs see.
    jvm.unshift(...cache.log, ...(inProcess ? IN_PROCESS_JVM_OPTIONS : CLIENT_JVM_OPTIONS));
    // Progress lines for a long cold index only when a person watches stderr.
    if (childEnv.SLICEGREP_PROGRESS === undefined) {
      childEnv.SLICEGREP_PROGRESS = process.stderr.isTTY ? '1' : '0';
    }
  }
  const sharedOptions = [...jvm];
  const runArgs = [...jvm, ...cache.options, ...entry, ...(mcp ? args.slice(1) : args)];
  const child = spawn(java, runArgs, {
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
  child.on('error', (e) => {
    cache.finish(sharedOptions, null);
    fail(`could not start ${java}: ${e.message}`);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) {
      process.removeListener(s, forward);
    }
    cache.finish(sharedOptions, code);
    if (signal && process.platform !== 'win32') {
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code === null ? EXIT_ERROR : code);
  });
}

module.exports = { main, parseJavaVersion };

if (require.main === module) {
  if (process.env[AOT_CREATE_VARIABLE]) {
    createAotCache(JSON.parse(process.env[AOT_CREATE_VARIABLE]));
  } else {
    main(process.argv.slice(2));
  }
}
