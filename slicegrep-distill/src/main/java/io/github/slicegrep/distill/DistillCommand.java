package io.github.slicegrep.distill;

import io.github.slicegrep.dense.DenseRuntime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code distill}: writes slicegrep's static embedding model, by default into the user cache. */
@Command(
    name = "distill",
    mixinStandardHelpOptions = true,
    version = "slicegrep distill 0.1.0",
    description = {
      "Derives a static embedding model for slicegrep's dense recall from the ONNX MiniLM "
          + "(all-MiniLM-L6-v2, quantized) that ships inside a Maven Central jar: every "
          + "vocabulary token embedded once, reduced by PCA, weighted by token frequency (SIF).",
      "Then set SLICEGREP_MODEL_DIR to the directory it prints."
    })
public final class DistillCommand implements Callable<Integer> {
  /** Where the model goes unless --out says otherwise. */
  static final String MODEL_NAME = "minilm-l6-static";

  @Option(names = "--out", description = "model directory (default: ${DEFAULT-VALUE})")
  Path out = defaultDirectory();

  @Option(names = "--dims", description = "dimensions kept by PCA (default: ${DEFAULT-VALUE})")
  int dims = Distiller.Settings.DEFAULT_DIMENSIONS;

  @Option(names = "--sif", description = "SIF coefficient a in a/(a+p) (default: ${DEFAULT-VALUE})")
  double sif = Distiller.Settings.DEFAULT_SIF;

  @Option(names = "--batch", description = "tokens per network call (default: ${DEFAULT-VALUE})")
  int batch = Distiller.Settings.DEFAULT_BATCH;

  @Option(names = "--counts-from", description = "count token frequencies for the SIF weights"
      + " in the text files below this folder (repeatable; default: Zipf's law by vocabulary order)")
  List<Path> countsFrom = new ArrayList<>();

  @Option(names = "--limit", description = "embed only the first N vocabulary tokens (testing)",
      hidden = true)
  int limit = 0;

  /** {@code $XDG_CACHE_HOME/slicegrep/models/NAME}, else {@code ~/.cache/slicegrep/models/NAME}. */
  static Path defaultDirectory() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache = xdg != null && !xdg.isBlank()
        ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".cache");
    return cache.resolve("slicegrep").resolve("models").resolve(MODEL_NAME);
  }

  @Override
  public Integer call() throws Exception {
    if (dims < 1 || batch < 1 || sif <= 0 || limit < 0) {
      System.err.println("distill: --dims and --batch must be >= 1, --sif > 0, --limit >= 0");
      return 2;
    }
    Distiller.run(out, new Distiller.Settings(dims, sif, batch, limit, List.copyOf(countsFrom)), System.err);
    System.out.println("export " + DenseRuntime.DIR_ENV + "=" + out.toAbsolutePath());
    return 0;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new DistillCommand()).execute(args));
  }
}
