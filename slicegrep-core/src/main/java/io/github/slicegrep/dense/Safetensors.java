package io.github.slicegrep.dense;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The safetensors file format: an 8-byte little-endian header length, a JSON header naming each
 * tensor's dtype, shape and byte range, then the raw little-endian data. Reads F32, F16 and BF16
 * tensors into float arrays; writes F32.
 */
public final class Safetensors {
  /** A header longer than this is not a model table but a corrupt or hostile file. */
  static final long MAX_HEADER_BYTES = 100L * 1024 * 1024;

  private Safetensors() {}

  /** A tensor as a row-major float array and its shape. */
  public record Tensor(long[] shape, float[] data) {
    public Tensor {
      long count = 1;
      for (long d : shape) {
        if (d < 0) {
          throw new IllegalArgumentException("negative dimension in shape");
        }
        count *= d;
      }
      if (count != data.length) {
        throw new IllegalArgumentException(
            "shape holds " + count + " values but data has " + data.length);
      }
    }
  }

  /** Every tensor of a file, by name, in header order. */
  public static Map<String, Tensor> read(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      ByteBuffer lenBuf = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      readFully(ch, lenBuf, 0);
      long headerLen = lenBuf.flip().getLong();
      if (headerLen <= 0 || headerLen > MAX_HEADER_BYTES || 8 + headerLen > size) {
        throw new IOException(file + ": bad safetensors header length " + headerLen);
      }
      ByteBuffer headerBuf = ByteBuffer.allocate((int) headerLen);
      readFully(ch, headerBuf, 8);
      JsonNode header =
          new ObjectMapper().readTree(new String(headerBuf.array(), StandardCharsets.UTF_8));
      if (header == null || !header.isObject()) {
        throw new IOException(file + ": safetensors header is not a JSON object");
      }
      long dataStart = 8 + headerLen;
      Map<String, Tensor> out = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : header.properties()) {
        if (e.getKey().equals("__metadata__")) {
          continue;
        }
        out.put(e.getKey(), readTensor(ch, file, e.getKey(), e.getValue(), dataStart, size));
      }
      return out;
    }
  }

  private static Tensor readTensor(
      FileChannel ch, Path file, String name, JsonNode info, long dataStart, long size)
      throws IOException {
    String dtype = info.path("dtype").asText("");
    int width =
        switch (dtype) {
          case "F32" -> 4;
          case "F16", "BF16" -> 2;
          default -> throw new IOException(
              file + ": tensor '" + name + "' has unsupported dtype '" + dtype + "'");
        };
    JsonNode shapeNode = info.path("shape");
    long[] shape = new long[shapeNode.size()];
    long count = 1;
    for (int i = 0; i < shape.length; i++) {
      shape[i] = shapeNode.get(i).asLong(-1);
      if (shape[i] < 0) {
        throw new IOException(file + ": tensor '" + name + "' has a bad shape");
      }
      count = Math.multiplyExact(count, shape[i]);
    }
    JsonNode offsets = info.path("data_offsets");
    long begin = offsets.path(0).asLong(-1);
    long end = offsets.path(1).asLong(-1);
    if (begin < 0 || end < begin || dataStart + end > size || end - begin != count * width
        || count > Integer.MAX_VALUE - 8) {
      throw new IOException(file + ": tensor '" + name + "' has bad data offsets");
    }
    ByteBuffer raw = ByteBuffer.allocate((int) (end - begin)).order(ByteOrder.LITTLE_ENDIAN);
    readFully(ch, raw, dataStart + begin);
    raw.flip();
    float[] data = new float[(int) count];
    for (int i = 0; i < data.length; i++) {
      data[i] =
          switch (dtype) {
            case "F32" -> raw.getFloat();
            case "F16" -> Float.intBitsToFloat(halfToFloatBits(raw.getShort()));
            default -> Float.intBitsToFloat((raw.getShort() & 0xFFFF) << 16);
          };
    }
    return new Tensor(shape, data);
  }

  private static void readFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
    long pos = position;
    while (buf.hasRemaining()) {
      int n = ch.read(buf, pos);
      if (n < 0) {
        throw new IOException("safetensors file ends early");
      }
      pos += n;
    }
  }

  /** IEEE 754 half precision to single precision bits, subnormals and infinities included. */
  static int halfToFloatBits(short half) {
    int h = half & 0xFFFF;
    int sign = (h & 0x8000) << 16;
    int exp = (h >>> 10) & 0x1F;
    int mant = h & 0x3FF;
    if (exp == 0x1F) {
      return sign | 0x7F800000 | (mant << 13);
    }
    if (exp == 0) {
      if (mant == 0) {
        return sign;
      }
      int e = -1;
      do {
        mant <<= 1;
        e++;
      } while ((mant & 0x400) == 0);
      mant &= 0x3FF;
      return sign | ((127 - 15 - e) << 23) | (mant << 13);
    }
    return sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }

  /** Writes tensors as F32, with optional string metadata. */
  public static void write(Path file, Map<String, Tensor> tensors, Map<String, String> metadata)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode header = json.createObjectNode();
    if (!metadata.isEmpty()) {
      ObjectNode meta = header.putObject("__metadata__");
      metadata.forEach(meta::put);
    }
    long offset = 0;
    for (Map.Entry<String, Tensor> e : tensors.entrySet()) {
      ObjectNode t = header.putObject(e.getKey());
      t.put("dtype", "F32");
      for (long d : e.getValue().shape()) {
        t.withArray("shape").add(d);
      }
      long bytes = 4L * e.getValue().data().length;
      t.putArray("data_offsets").add(offset).add(offset + bytes);
      offset += bytes;
    }
    byte[] head = json.writeValueAsBytes(header);
    // Pad the header with spaces so the data starts 8-byte aligned, as the reference writer does.
    int padded = (head.length + 7) / 8 * 8;
    try (OutputStream out = Files.newOutputStream(file)) {
      ByteBuffer len = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(padded);
      out.write(len.array());
      out.write(head);
      for (int i = head.length; i < padded; i++) {
        out.write(' ');
      }
      ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
      for (Tensor t : tensors.values()) {
        for (float v : t.data()) {
          if (chunk.remaining() < 4) {
            out.write(chunk.array(), 0, chunk.position());
            chunk.clear();
          }
          chunk.putFloat(v);
        }
      }
      out.write(chunk.array(), 0, chunk.position());
    }
  }
}
