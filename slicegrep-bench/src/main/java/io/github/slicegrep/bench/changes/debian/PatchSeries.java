package io.github.slicegrep.bench.changes.debian;

import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The change requests of one Debian patch series: every patch of {@code series} is applied in
 * order (so later patches' lines map back to the pristine tree), and a patch becomes a request
 * when it has a DEP-3 line and touches a code file of the upstream tree.
 *
 * @param spec the series
 * @param kept its change requests, in series order
 * @param dropped the patches left out, with why
 * @param hunks hunks in the series
 * @param stale hunks that matched nowhere in the tree (should be 0: then the tree is the one
 *     the series was made for)
 */
public record PatchSeries(SeriesSpec spec, List<ChangeRequest> kept, List<Dropped> dropped,
    int hunks, int stale) {
  /** A patch that is not a task, and why. */
  public record Dropped(String patch, String reason) {}

  public PatchSeries {
    kept = List.copyOf(kept);
    dropped = List.copyOf(dropped);
  }

  /** Reads the series in {@code dir/<spec.patches()>} against the upstream tree {@code tree}. */
  public static PatchSeries read(SeriesSpec spec, Path dir, SourceSet tree) throws IOException {
    Path folder = dir.resolve(spec.patches());
    Function<String, Optional<List<String>>> pristine =
        p -> tree.has(p) ? Optional.of(tree.file(p).lines()) : Optional.empty();
    List<String> names = series(Files.readAllLines(folder.resolve("series")));
    List<List<String>> patches = new ArrayList<>();
    for (String n : names) {
      // Decoded as UTF-8 with bad bytes replaced, as SourceSet decodes the tree they match.
      patches.add(SourceSet.splitLines(
          new String(Files.readAllBytes(folder.resolve(n)), StandardCharsets.UTF_8)));
    }
    return of(spec, names, patches, pristine);
  }

  /**
   * The requests of the patches {@code names} with texts {@code patches}, applied in order to
   * the tree {@code pristine} reads.
   */
  static PatchSeries of(SeriesSpec spec, List<String> names, List<List<String>> patches,
      Function<String, Optional<List<String>>> pristine) {
    SeriesReplay replay = new SeriesReplay(pristine);
    List<ChangeRequest> kept = new ArrayList<>();
    List<Dropped> dropped = new ArrayList<>();
    int hunks = 0;
    int stale = 0;
    for (int i = 0; i < names.size(); i++) {
      UnifiedDiff diff;
      try {
        diff = UnifiedDiff.parse(patches.get(i));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(spec.patches() + "/" + names.get(i) + ": "
            + e.getMessage(), e);
      }
      SeriesReplay.Applied applied = replay.apply(diff);
      hunks += diff.files().stream().mapToInt(f -> f.hunks().size()).sum();
      stale += applied.stale();
      List<Span> code = applied.touched().stream()
          .filter(t -> PathKind.of(t.path()) == PathKind.CODE)
          .map(SeriesReplay.Touched::region).toList();
      Optional<String> query = Dep3.query(diff.header());
      String reason = null;
      if (query.isEmpty()) {
        reason = "no DEP-3 Description or Subject";
      } else if (code.isEmpty()) {
        reason = whyNoCode(diff, applied);
      }
      if (reason != null) {
        dropped.add(new Dropped(names.get(i), reason));
      } else {
        kept.add(new ChangeRequest(spec.corpus(), names.get(i), query.get(),
            Regions.merge(code, Regions.MERGE_GAP)));
      }
    }
    return new PatchSeries(spec, kept, dropped, hunks, stale);
  }

  /** Why a patch with a query has no code region: the kinds it touches, or where it failed. */
  private static String whyNoCode(UnifiedDiff diff, SeriesReplay.Applied applied) {
    Set<PathKind> kinds = EnumSet.noneOf(PathKind.class);
    diff.files().forEach(f -> kinds.add(PathKind.of(f.path())));
    if (kinds.contains(PathKind.CODE)) {
      return applied.stale() > 0 ? "its code hunks did not apply to the tree"
          : "its code files are new (not in the upstream tree)";
    }
    return "only " + kinds.stream().map(k -> k.name().toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(", "));
  }

  /** The patch names of a quilt {@code series} file: comments, blanks and options left out. */
  static List<String> series(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      String s = l.strip();
      if (!s.isEmpty() && !s.startsWith("#")) {
        out.add(s.split("\\s+")[0]);
      }
    }
    return out;
  }
}
