package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that change kind exactly between the directory listing and the read, made
 * deterministic through {@link FocusedReader#afterListing}: the search must return a clean
 * result without them, raise nothing and never block (a FIFO is never opened).
 */
class ListingReadingRaceTest {
  private static final Duration DEADLINE = Duration.ofSeconds(30);
  private static final int FILES = 24;
  private static final int SEEDS = Integer.getInteger("slicegrep.race.seeds", 12);
  /** Plants outside the tree are numbered from here (and 999 for the one file links reach). */
  private static final int OUTSIDE = 1000;
  private static final long FIRST_SEED = Long.getLong("slicegrep.race.seed", 1);

  @TempDir Path dir;

  /** What happens to a listed file before it is read. */
  enum Change {
    DELETED, DIRECTORY, FIFO, DANGLING_LINK, LINK_OUT, TOO_LARGE, BINARY, PARENT_LINK_OUT
  }

  private static String source(int i) {
    return "def planted_" + i + "():\n    return needle_" + i + " + " + i + "\n";
  }

  /** {@code FILES} files in two folders; returns the tree root. */
  private Path tree(String name) {
    Fixture f = Fixture.in(dir.resolve(name));
    for (int i = 0; i < FILES; i++) {
      f.file((i % 2 == 0 ? "a/" : "b/") + "f" + i + ".py", source(i));
    }
    // Outside: the target of links, with files named like the tree's (numbered from 1000), so
    // a folder swapped for a link out would really be readable.
    Fixture out = Fixture.in(dir.resolve(name + "_outside")).file("f.py", source(999));
    for (int i = 0; i < FILES; i++) {
      out.file("f" + i + ".py", source(OUTSIDE + i));
    }
    return f.root();
  }

  private static int indexOf(Path p) {
    String n = p.getFileName().toString();
    return Integer.parseInt(n.substring(1, n.indexOf('.')));
  }

  private static void apply(Change change, Path file, Path outside) {
    try {
      switch (change) {
        case DELETED -> Files.delete(file);
        case DIRECTORY -> {
          Files.delete(file);
          Files.createDirectory(file);
          Files.writeString(file.resolve("inner.py"), source(777));
        }
        case FIFO -> {
          Files.delete(file);
          Process p = new ProcessBuilder("mkfifo", file.toString()).start();
          assertTrue(p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo failed");
        }
        case DANGLING_LINK -> {
          Files.delete(file);
          Files.createSymbolicLink(file, file.resolveSibling("nowhere.py"));
        }
        case LINK_OUT -> {
          Files.delete(file);
          Files.createSymbolicLink(file, outside.resolve("f.py"));
        }
        case TOO_LARGE -> Files.write(file, new byte[(int) Options.DEFAULT_MAX_FILE_BYTES + 1]);
        case BINARY -> Files.write(file, "def planted(): pass\n\0\0".getBytes(StandardCharsets.UTF_8));
        case PARENT_LINK_OUT -> throw new IllegalArgumentException("applies to a folder");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Moves folder {@code b} away and puts a link to the outside folder in its place. */
  private static void replaceFolderWithLinkOut(Path root, Path outside) {
    try {
      Path b = root.resolve("b");
      Files.move(b, root.resolveSibling(root.getFileName() + "_moved_b"));
      Files.createSymbolicLink(b, outside);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Options options(boolean confined) {
    return Options.defaults().withBudget(0).withBoundary(Boundary.NONE).withContext(0)
        .withDedupe(false).withConfined(confined);
  }

  private static Set<Integer> foundPlants(Result r) {
    Set<Integer> found = new TreeSet<>();
    for (Chunk c : r.chunks()) {
      for (String line : c.code().split("\n")) {
        if (line.startsWith("def planted_")) {
          found.add(Integer.parseInt(line.substring(12, line.indexOf('('))));
        }
      }
    }
    return found;
  }

  /** The plants found inside the tree; fails on any found outside it. */
  private static Set<Integer> insidePlants(Result r, boolean confined, String context) {
    Set<Integer> found = foundPlants(r);
    if (confined) {
      assertTrue(found.stream().allMatch(i -> i < FILES), context + ": read outside: " + found);
    }
    found.removeIf(i -> i >= FILES);
    return found;
  }

  private static Set<Integer> allBut(Set<Integer> gone) {
    Set<Integer> expected = new TreeSet<>();
    for (int i = 0; i < FILES; i++) {
      if (!gone.contains(i)) {
        expected.add(i);
      }
    }
    return expected;
  }

  @Test
  void eachKindOfChangeBetweenListingAndReadingIsSkippedCleanly() {
    for (boolean confined : List.of(false, true)) {
      Path root = tree("each_" + confined);
      Path outside = root.resolveSibling(root.getFileName() + "_outside");
      FocusedReader reader = new FocusedReader();
      // Warm the cache first: the changed files must not be served from it either.
      assertEquals(allBut(Set.of()), foundPlants(reader.search(root, "planted_", options(confined))));
      Map<Change, Integer> victims = new EnumMap<>(Change.class);
      int next = 0;
      for (Change c : Change.values()) {
        if (c != Change.PARENT_LINK_OUT) {
          victims.put(c, next++);
        }
      }
      reader.afterListing(
          paths -> {
            assertEquals(FILES, paths.size(), "the listing ran before the change");
            for (Path p : paths) {
              for (Map.Entry<Change, Integer> v : victims.entrySet()) {
                if (indexOf(p) == v.getValue()) {
                  apply(v.getKey(), p, outside);
                }
              }
            }
          });
      Result r =
          assertTimeoutPreemptively(DEADLINE, () -> reader.search(root, "planted_", options(confined)));
      Set<Integer> gone = new TreeSet<>(victims.values());
      assertEquals(allBut(gone), insidePlants(r, confined, r.render()), r.render());
      // Unconfined, a file replaced by a link out of the tree is read through the link (its
      // text is the outside file's, planted_999); confined, it is skipped.
      assertEquals(confined ? FILES - victims.size() : FILES - victims.size() + 1,
          r.filesSearched());
      assertFalse(r.render().contains("planted_777"), "a directory put in a file's place is not read");
      assertEquals(!confined, r.render().contains("planted_999"), r.render());
    }
  }

  @Test
  void aFolderReplacedByALinkOutOfTheTreeIsNotReadWhenConfined() {
    Path root = tree("folder");
    Path outside = root.resolveSibling("folder_outside");
    FocusedReader reader = new FocusedReader();
    reader.afterListing(paths -> replaceFolderWithLinkOut(root, outside));
    Result r = assertTimeoutPreemptively(DEADLINE, () -> reader.search(root, "planted_", options(true)));
    Set<Integer> evens = new TreeSet<>();
    for (int i = 0; i < FILES; i += 2) {
      evens.add(i);
    }
    assertEquals(evens, insidePlants(r, true, r.render()), r.render());
    assertEquals(FILES / 2, r.filesSearched());
  }

  /**
   * Many seeded schedules: each picks a random share of the listed files and a random change
   * for each, on a cold or a warm reader, confined or not.
   */
  @Test
  void seededSchedulesOfChangesNeverRaiseAndDropOnlyTheChangedFiles() throws IOException {
    Change[] kinds = Change.values();
    for (long seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
      Random random = new Random(seed);
      boolean confined = random.nextBoolean();
      boolean warm = random.nextBoolean();
      Path root = tree("seed" + seed);
      Path outside = root.resolveSibling(root.getFileName() + "_outside");
      FocusedReader reader = new FocusedReader();
      if (warm) {
        reader.search(root, "planted_", options(confined));
      }
      Set<Integer> gone = new TreeSet<>();
      List<String> schedule = new ArrayList<>();
      boolean folderOut = confined && random.nextInt(4) == 0;
      reader.afterListing(
          paths -> {
            for (Path p : paths) {
              if (random.nextInt(3) == 0) {
                Change c = kinds[random.nextInt(kinds.length - 1)];
                apply(c, p, outside);
                schedule.add(indexOf(p) + ":" + c);
                gone.add(indexOf(p));
              }
            }
            if (folderOut) {
              replaceFolderWithLinkOut(root, outside);
              schedule.add("b:" + Change.PARENT_LINK_OUT);
              for (int i = 1; i < FILES; i += 2) {
                gone.add(i);
              }
            }
          });
      String context = "seed " + seed + " (rerun with -Dslicegrep.race.seed=" + seed
          + " -Dslicegrep.race.seeds=1), confined=" + confined + ", warm=" + warm
          + ", schedule=" + schedule;
      Result r;
      try {
        r = assertTimeoutPreemptively(DEADLINE, () -> reader.search(root, "planted_", options(confined)));
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError(context, e);
      }
      assertEquals(allBut(gone), insidePlants(r, confined, context), context);
      assertFalse(r.render().contains("planted_777"), context);
      if (confined) {
        assertFalse(r.render().contains("planted_999"), context);
      }
      try (Stream<Path> s = Files.walk(dir)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
