package io.github.slicegrep.index;

import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A file's outline as a {@link PersistentIndex} holds it, decoded on first use: a search reads
 * the outlines of the files it matched, not of every file the index holds, and a process that
 * searches once spent about a third of reading the index on decoding outlines it never used.
 * Thread-safe; decoding twice at once gives equal outlines.
 */
public final class StoredOutline {
  private final byte @Nullable [] encoded;
  private volatile @Nullable Outline decoded;

  private StoredOutline(byte @Nullable [] encoded, @Nullable Outline decoded) {
    this.encoded = encoded;
    this.decoded = decoded;
  }

  /** An outline made in this process, encoded when the index is written. */
  static StoredOutline of(Outline outline) {
    return new StoredOutline(null, outline);
  }

  /** An outline as read from an index file, decoded when asked for. */
  static StoredOutline stored(byte[] encoded) {
    return new StoredOutline(encoded, null);
  }

  /** The outline; null when its stored form cannot be read (the file is outlined again). */
  public @Nullable Outline outline() {
    Outline o = decoded;
    if (o == null && encoded != null) {
      try {
        o = read(ByteBuffer.wrap(encoded));
      } catch (RuntimeException e) {
        return null;
      }
      decoded = o;
    }
    return o;
  }

  /** The stored form: as read, or encoded now from an outline made in this process. */
  byte[] encoded() throws IOException {
    if (encoded != null) {
      return encoded;
    }
    Outline outline = decoded;
    if (outline == null) {
      throw new IllegalStateException("a stored outline holds bytes or an outline");
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    List<Definition> defs = outline.definitions();
    out.writeInt(defs.size());
    for (Definition d : defs) {
      SealedFile.writeString(out, d.kind().name());
      SealedFile.writeString(out, d.name());
      SealedFile.writeString(out, d.qualifiedName());
      out.writeInt(d.startLine());
      out.writeInt(d.endLine());
      out.writeInt(d.headerLine());
      out.writeBoolean(d.declarationOnly());
    }
    out.flush();
    return bytes.toByteArray();
  }

  private static Outline read(ByteBuffer in) {
    int count = in.getInt();
    if (count < 0 || count > in.remaining()) {
      throw new IllegalArgumentException("not an outline");
    }
    List<Definition> defs = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      defs.add(
          new Definition(
              Definition.Kind.valueOf(SealedFile.readString(in)), SealedFile.readString(in),
              SealedFile.readString(in), in.getInt(), in.getInt(), in.getInt(), in.get() != 0));
    }
    return Outline.of(defs);
  }
}
