package io.github.slicegrep.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.slicegrep.Boundary;
import io.github.slicegrep.FileMap;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.IndexCache;
import io.github.slicegrep.Objective;
import io.github.slicegrep.Options;
import io.github.slicegrep.Progress;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code slicegrep <path> <pattern> [before] [after] [options]}: parse, call the core, print.
 * Exit codes follow grep: 0 something matched, 1 nothing did, 2 usage or input error.
 */
@Command(
    name = "slicegrep",
    aliases = "fr",
    mixinStandardHelpOptions = true,
    versionProvider = SlicegrepCommand.Version.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    // No method here is a subcommand: without this, every run looks at each method's
    // annotations by reflection (about 10 ms of an in-process run's start-up).
    addMethodSubcommands = false,
    description = {
      "Ranked, token-budgeted code slices: finds the regions of a file or directory that match"
          + " PATTERN, snaps them to whole functions where asked, ranks them, drops"
          + " near-duplicates, packs them under a token budget and says what it left out.",
      "",
      "PATTERN: regex alternatives joined by '|' (case-insensitive; an invalid regex is"
          + " searched as text), or a plain-English question."
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:something matched (with --index: done)",
      "1:nothing matched",
      "2:usage or input error (message on stderr); with --index also: clear while indexes"
          + " are switched off, a directory that cannot be read"
    })
public final class SlicegrepCommand implements Callable<Integer> {
  /** Exit status when something matched. */
  public static final int EXIT_MATCH = 0;
  /** Exit status when nothing matched. */
  public static final int EXIT_NO_MATCH = 1;
  /** Exit status on a usage or input error; the message goes to stderr. */
  public static final int EXIT_ERROR = 2;
  /**
   * Returned to the resident server instead of an exit status when a call must run in the
   * caller's process (usage help, whose layout and colours follow the caller's terminal).
   */
  static final int HAND_BACK = -1;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "PATH",
      description = "File or directory to search (not given with --index).")
  Path path;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "PATTERN",
      description = "What to look for (not needed with --map).")
  String pattern;

  @Parameters(
      index = "2",
      arity = "0..1",
      paramLabel = "BEFORE",
      description = "Context lines before each match (default: ${DEFAULT-VALUE}).")
  int before = Options.DEFAULT_CONTEXT;

  @Parameters(
      index = "3",
      arity = "0..1",
      paramLabel = "AFTER",
      description = "Context lines after each match (default: ${DEFAULT-VALUE}).")
  int after = Options.DEFAULT_CONTEXT;

  @Option(
      names = {"-b", "--budget"},
      paramLabel = "N",
      description = "Token budget; 0 = unlimited (default: ${DEFAULT-VALUE}).")
  int budget = Options.DEFAULT_BUDGET;

  @Option(
      names = "--boundary",
      paramLabel = "MODE",
      description = "auto (context window, whole small functions), fn (enclosing function or"
          + " class), none (exact window). Default: ${DEFAULT-VALUE}.")
  String boundary = "auto";

  // Two options rather than one negatable one: picocli's negatable option sets the opposite of
  // its default, so with recursion on by default `--recursive` turned it off and
  // `--no-recursive` left it on.
  @Option(
      names = {"-r", "--recursive"},
      description = "Descend into subdirectories (the default; accepted for grep's habit).")
  boolean recursive;

  @Option(
      names = "--no-recursive",
      description = "Search only the directory's own files, not its subdirectories (wins over"
          + " -r).")
  boolean noRecursive;

  @Option(
      names = "--objective",
      paramLabel = "GOAL",
      description = "Slices to reserve room for: auto (definition, caller, test), single,"
          + " def+caller, def+test. Default: ${DEFAULT-VALUE}.")
  String objective = "auto";

  @Option(names = "--no-dedupe", description = "Keep near-duplicate slices (exact ones still collapse).")
  boolean noDedupe;

  @Option(
      names = "--map",
      description = "Print the file's definition map (each function, method and class with"
          + " the line that names it) instead of searching.")
  boolean map;

  @Option(names = "--json", description = "Print the result as JSON instead of the text report.")
  boolean json;

  @Option(
      names = "--confine",
      negatable = true,
      description = "Skip files and folders that symlinks in the tree reach outside the searched"
          + " directory (default: off; links are followed and reported under their paths in"
          + " the tree).")
  boolean confine;

  @Option(
      names = "--dense",
      negatable = true,
      description = "Fuse dense (embedding) recall into plain-English questions when"
          + " SLICEGREP_MODEL_DIR names a model (default: off; precise queries never use it;"
          + " SLICEGREP_DENSE=off overrides).")
  boolean dense;

  @Option(
      names = "--history",
      negatable = true,
      description = "Re-rank the file list by git history (churn, co-change) inside a git work"
          + " tree (default: off; SLICEGREP_HISTORY=off overrides).")
  boolean history;

  @Option(
      names = "--max-file-bytes",
      paramLabel = "N",
      description = "Skip files larger than this (default: ${DEFAULT-VALUE}).")
  long maxFileBytes = Options.DEFAULT_MAX_FILE_BYTES;

  @Option(
      names = "--no-index",
      description = "Do not read or write the persistent index of the searched directory"
          + " (also: SLICEGREP_INDEX=off). It lives in $XDG_CACHE_HOME/slicegrep/index or"
          + " ~/.cache/slicegrep/index, or in SLICEGREP_INDEX_DIR.")
  boolean noIndex;

  @Option(
      names = "--index",
      paramLabel = "ACTION",
      description = "Manage the persistent index instead of searching: status (its directory,"
          + " size limit, total size and, per indexed root, the root, its size and last use;"
          + " with --json as JSON) or clear (delete every index file; safe while other"
          + " searches run). The least recently used roots are evicted above"
          + " SLICEGREP_INDEX_MAX_MB MiB (default 1024).")
  String indexAction;

  @Option(
      names = "--no-server",
      description = "Run in this process, without the resident server that keeps the searched"
          + " trees warm between calls (also: SLICEGREP_SERVER=off).")
  boolean noServer;

  @Option(
      names = "--server",
      paramLabel = "ACTION",
      description = "Instead of searching: status (the resident servers running for this user,"
          + " what each holds) or stop (stop them; calls in flight finish first).")
  String serverAction;

  private final PrintWriter out;
  private final PrintWriter err;
  private final Invocation invocation;
  private volatile boolean progressShown;

  SlicegrepCommand(PrintWriter out, PrintWriter err, Invocation invocation) {
    this.out = out;
    this.err = err;
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    if (serverAction != null) {
      if (path != null || map || indexAction != null) {
        throw new CommandLine.ParameterException(
            new CommandLine(this), "--server " + serverAction + " takes no other arguments");
      }
      return invocation.served() ? HAND_BACK : ServerCommand.run(serverAction, out, err);
    }
    if (indexAction != null) {
      if (path != null || map) {
        throw new CommandLine.ParameterException(
            new CommandLine(this), "--index " + indexAction + " takes no PATH, PATTERN or --map");
      }
      Optional<Path> directory = IndexCache.directory(invocation.env());
      if (invocation.served() && directory.isPresent() && !directory.get().isAbsolute()) {
        return HAND_BACK; // named from the caller's directory, and printed as named
      }
      return new IndexCommand(out, err, json, invocation.env()).run(indexAction);
    }
    if (path == null) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "Missing required parameter: 'PATH'");
    }
    if (map) {
      return printMap();
    }
    if (pattern == null) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "Missing required parameter: 'PATTERN'");
    }
    Options options =
        Options.defaults()
            .withBudget(budget)
            .withBoundary(Boundary.parse(boundary))
            .withBefore(before)
            .withAfter(after)
            .withRecursive(!noRecursive)
            .withDedupe(!noDedupe)
            .withObjective(Objective.parse(objective))
            .withMaxFileBytes(maxFileBytes)
            .withConfined(confine)
            .withDense(dense)
            .withHistory(history);
    if (invocation.workingDirectory() != null) {
      options = options.withEnvironment(invocation.env())
          .withWorkingDirectory(invocation.workingDirectory());
    }
    Result result = reader(path).search(path, pattern, options, progress());
    clearProgressLine();
    out.print(json ? result.toJson() + "\n" : result.render());
    out.flush();
    return result.matched() ? EXIT_MATCH : EXIT_NO_MATCH;
  }

  /**
   * The reader for a search of {@code searched}: with the persistent index unless it is
   * switched off, kept per root in the resident server.
   */
  private FocusedReader reader(Path searched) {
    if (!Files.exists(invocation.resolve(searched))) {
      return new FocusedReader(); // to say so, as any reader would, without taking a pool slot
    }
    Optional<Path> indexDirectory = noIndex
        ? Optional.empty()
        : FocusedReader.indexDirectory(invocation.env()).map(invocation::resolve);
    return invocation.readers().reader(root(searched), indexDirectory);
  }

  /** The directory a search of {@code searched} reads below: itself, or a file's directory. */
  private Path root(Path searched) {
    Path read = invocation.resolve(searched);
    if (invocation.workingDirectory() != null) {
      read = read.toAbsolutePath().normalize();
    }
    Path parent = read.getParent();
    return Files.isDirectory(read) || parent == null ? read : parent;
  }

  private int printMap() {
    if (Files.isDirectory(invocation.resolve(path))) {
      throw new SlicegrepException("--map needs a file, and " + path + " is a directory");
    }
    FileMap fileMap = invocation.workingDirectory() == null
        ? new FocusedReader().fileMap(path)
        : invocation.readers().reader(root(path), Optional.empty()).fileMap(path,
            Options.defaults().withWorkingDirectory(invocation.workingDirectory()));
    out.print(json ? mapJson(fileMap) + "\n" : fileMap.render());
    out.flush();
    return fileMap.entries().isEmpty() ? EXIT_NO_MATCH : EXIT_MATCH;
  }

  private static String mapJson(FileMap fileMap) {
    Map<String, Object> m = fileMap.toMap(Integer.MAX_VALUE);
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(m);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether to draw progress: only when a person is watching stderr. Java cannot ask whether
   * stderr is a terminal, so the launcher tells (SLICEGREP_PROGRESS=1 or 0, from {@code [ -t 2 ]});
   * run without it, a console on stdin and stdout stands in.
   */
  private boolean showProgress() {
    String told = invocation.env().get("SLICEGREP_PROGRESS");
    if (told != null && !told.isBlank()) {
      return err != null && told.strip().equals("1");
    }
    return err != null && invocation.console();
  }

  private Progress progress() {
    if (!showProgress()) {
      return Progress.NONE;
    }
    return (done, total) -> {
      synchronized (err) {
        err.print("\rslicegrep: read " + done + "/" + total + " files");
        err.flush();
        progressShown = true;
      }
    };
  }

  private void clearProgressLine() {
    if (progressShown) {
      synchronized (err) {
        err.print("\r\033[K");
        err.flush();
      }
    }
  }

  /**
   * Runs the command and returns its exit code; never throws.
   *
   * @param out where the report goes
   * @param err where messages, usage and progress go
   * @param args the command line, without the program name
   * @return {@link #EXIT_MATCH}, {@link #EXIT_NO_MATCH} or {@link #EXIT_ERROR}
   */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    return run(out, err, Invocation.inProcess(), args);
  }

  /**
   * Runs the command for {@code invocation}: in this process, or for a caller of the resident
   * server, where usage help and usage errors return {@link #HAND_BACK} before printing.
   */
  static int run(PrintWriter out, PrintWriter err, Invocation invocation, String... args) {
    SlicegrepCommand plain = new SlicegrepCommand(out, err, invocation);
    int code;
    try {
      code = PlainArguments.read(args, plain)
          ? plain.callCatching()
          : readByPicocli(new SlicegrepCommand(out, err, invocation), args);
    } catch (StackOverflowError e) {
      // A pattern that recursed too deep on some input: a bug to report, not a stack dump.
      err.println("slicegrep: internal error: the search overflowed the stack on this query or"
          + " one of its files; please report the query");
      code = EXIT_ERROR;
    }
    out.flush();
    err.flush();
    return code;
  }

  /** Runs a command whose fields are set, as picocli's execution would, exceptions included. */
  private int callCatching() {
    try {
      return call();
    } catch (RuntimeException e) {
      return failed(e);
    }
  }

  /** Says on stderr why the search failed; returns the status for it. */
  private int failed(Exception e) {
    if (e instanceof SlicegrepException) {
      err.println("slicegrep: " + e.getMessage());
    } else {
      err.println("slicegrep: internal error: " + e);
    }
    err.flush();
    return EXIT_ERROR;
  }

  /** Reads {@code args} with picocli (help, version, usage errors and every other form) and runs. */
  private static int readByPicocli(SlicegrepCommand command, String... args) {
    Invocation invocation = command.invocation;
    PrintWriter err = command.err;
    CommandLine cli = new CommandLine(command);
    cli.setOut(command.out);
    cli.setErr(err);
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setExitCodeExceptionMapper(e -> EXIT_ERROR);
    if (invocation.served()) {
      CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
      cli.setExecutionStrategy(parsed -> parsed.isUsageHelpRequested()
          ? HAND_BACK : runLast.execute(parsed));
    }
    cli.setParameterExceptionHandler(
        (ex, a) -> {
          if (invocation.served()) {
            return HAND_BACK;
          }
          err.println("slicegrep: " + ex.getMessage());
          ex.getCommandLine().usage(err);
          return EXIT_ERROR;
        });
    cli.setExecutionExceptionHandler((ex, cmd, parsed) -> command.failed(ex));
    return cli.execute(args);
  }

  /**
   * The {@code slicegrep} command: exits with the status of {@link #run}.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8));
    int status = run(out, err, args);
    if (Boolean.getBoolean(REHEARSAL_PROPERTY) && rehearses(status, args)) {
      PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
      try {
        run(nowhere, nowhere, args);
      } catch (RuntimeException e) {
        // A rehearsal only trains the archive: it never changes what the call said or returned.
      }
    }
    System.exit(status);
  }

  /**
   * Set by the launchers on the one run that writes the class-data archive (or records the AOT
   * cache) after a build: that run then searches once more, unseen, so that the archive also holds
   * what the calls after it take. The first call on a tree writes its index and every later one
   * reads it; archived from the first alone, a later call linked the reading path's lambdas
   * afresh (rich, `def render_lines`, alternating: 275 against 267 ms, docs/RESULTS.md).
   */
  static final String REHEARSAL_PROPERTY = "slicegrep.rehearse";

  /** Whether a run that ended with {@code status} is worth a rehearsal: a search that ran. */
  static boolean rehearses(int status, String... args) {
    if (status == EXIT_ERROR) {
      return false;
    }
    for (String a : args) {
      if (a.startsWith("--server") || a.equals("--help") || a.equals("-h")
          || a.equals("--version") || a.equals("-V")) {
        return false;
      }
    }
    return true;
  }

  /** The version from the jar manifest, or the development marker when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = SlicegrepCommand.class.getPackage().getImplementationVersion();
      return new String[] {"slicegrep " + (v == null ? "development build" : v)};
    }
  }
}
