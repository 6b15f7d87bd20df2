package io.github.slicegrep.bench.metrics;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/** Tokens as the model counts them: OpenAI's cl100k_base, through jtokkit. */
public final class Tokens {
  private static final class Holder {
    static final Encoding CL100K =
        Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
  }

  private Tokens() {}

  public static int count(String text) {
    return text.isEmpty() ? 0 : Holder.CL100K.countTokens(text);
  }
}
