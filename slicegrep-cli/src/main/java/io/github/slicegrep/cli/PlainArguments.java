package io.github.slicegrep.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The plain search command line read without picocli: {@code PATH PATTERN [BEFORE] [AFTER]}
 * with the search options in their plain spellings ({@code -b 500}, {@code --budget=500},
 * {@code --json}, {@code --no-index}, ...). Building picocli's model of the command by
 * reflection costs more than the search itself in a short-lived process (about 70 ms of CPU on
 * the rich tree's precise query, where the whole run takes about 300 ms), and almost every call
 * an agent makes is this plain form.
 *
 * <p>Anything else is declined, and picocli reads the line as before: help, version, {@code
 * --index}, {@code --server}, {@code --map}, an option this table does not know, a repeated
 * option, clustered or attached short options, {@code @files}, {@code --}, a value that starts
 * with a dash, a number that is not plain digits, a missing PATH or PATTERN. A line read here
 * sets the same fields picocli would ({@code PlainArgumentsTest} checks both readers against each
 * other on generated lines), so declining is always safe and reading never differs.
 */
final class PlainArguments {
  /** Most digits of an {@code int} or a {@code long} read here: values that cannot overflow. */
  private static final int INT_DIGITS = 9;
  private static final int LONG_DIGITS = 18;

  private PlainArguments() {}

  /**
   * Sets {@code command}'s fields from {@code args} when the line is a plain search, and says
   * whether it was; a declined line may have set some fields, so picocli must then read it into
   * a new command. Written with switches rather than a table of lambdas: each lambda is a call
   * site to link when the process starts.
   */
  static boolean read(String[] args, SlicegrepCommand command) {
    Set<String> seen = new HashSet<>();
    int positional = 0;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith("@")) {
        return false; // picocli reads the arguments from that file
      }
      if (!arg.startsWith("-")) {
        if (!position(command, positional++, arg)) {
          return false;
        }
        continue;
      }
      int equals = arg.startsWith("--") ? arg.indexOf('=') : -1;
      String name = equals > 0 ? arg.substring(0, equals) : arg;
      String option = option(name);
      if (option == null || !seen.add(option)) {
        return false; // unknown here, or repeated (picocli refuses a repeat)
      }
      if (flag(command, name)) {
        if (equals > 0) {
          return false;
        }
        continue;
      }
      String value = equals > 0 ? arg.substring(equals + 1)
          : i + 1 < args.length ? args[++i] : null;
      if (value == null || !value(command, option, value)) {
        return false;
      }
    }
    return positional >= 2;
  }

  /** The option {@code name} names (its longest name), or null when it is not read here. */
  private static String option(String name) {
    return switch (name) {
      case "-b", "--budget" -> "--budget";
      case "-r", "--recursive" -> "--recursive";
      case "--confine", "--no-confine" -> "--confine";
      case "--dense", "--no-dense" -> "--dense";
      case "--history", "--no-history" -> "--history";
      case "--boundary", "--objective", "--max-file-bytes", "--no-recursive", "--no-dedupe",
          "--json", "--no-index", "--no-server" -> name;
      default -> null;
    };
  }

  /** Sets the flag {@code name} and says so; false when {@code name} takes a value. */
  private static boolean flag(SlicegrepCommand command, String name) {
    switch (name) {
      case "-r", "--recursive" -> command.recursive = true;
      case "--no-recursive" -> command.noRecursive = true;
      case "--no-dedupe" -> command.noDedupe = true;
      case "--json" -> command.json = true;
      case "--confine", "--no-confine" -> command.confine = name.equals("--confine");
      case "--dense", "--no-dense" -> command.dense = name.equals("--dense");
      case "--history", "--no-history" -> command.history = name.equals("--history");
      case "--no-index" -> command.noIndex = true;
      case "--no-server" -> command.noServer = true;
      default -> {
        return false;
      }
    }
    return true;
  }

  /** Sets {@code option}'s value; false where picocli would read the value otherwise. */
  private static boolean value(SlicegrepCommand command, String option, String value) {
    if (value.isEmpty() || value.startsWith("-") || value.startsWith("@")) {
      return false;
    }
    switch (option) {
      case "--budget" -> {
        if (!digits(value, INT_DIGITS)) {
          return false;
        }
        command.budget = Integer.parseInt(value);
      }
      case "--max-file-bytes" -> {
        if (!digits(value, LONG_DIGITS)) {
          return false;
        }
        command.maxFileBytes = Long.parseLong(value);
      }
      case "--boundary" -> command.boundary = value;
      case "--objective" -> command.objective = value;
      default -> {
        return false;
      }
    }
    return true;
  }

  /** Sets the positional parameter at {@code index}; false where picocli would say more. */
  private static boolean position(SlicegrepCommand command, int index, String value) {
    switch (index) {
      case 0 -> {
        try {
          command.path = Path.of(value);
        } catch (InvalidPathException e) {
          return false; // picocli's message says which parameter
        }
      }
      case 1 -> command.pattern = value;
      case 2, 3 -> {
        if (!digits(value, INT_DIGITS)) {
          return false;
        }
        if (index == 2) {
          command.before = Integer.parseInt(value);
        } else {
          command.after = Integer.parseInt(value);
        }
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code value} is one to {@code most} plain digits. */
  private static boolean digits(String value, int most) {
    if (value.isEmpty() || value.length() > most) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }
}
