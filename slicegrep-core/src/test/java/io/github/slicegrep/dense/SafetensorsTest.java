package io.github.slicegrep.dense;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafetensorsTest {
  @TempDir Path tmp;

  @Test
  void roundTripsF32Tensors() throws IOException {
    Map<String, Safetensors.Tensor> in = new LinkedHashMap<>();
    in.put("a", new Safetensors.Tensor(new long[] {2, 3}, new float[] {1, -2, 3.5f, 0, 1e-7f, 9}));
    in.put("b", new Safetensors.Tensor(new long[] {1}, new float[] {42}));
    Path f = tmp.resolve("t.safetensors");
    Safetensors.write(f, in, Map.of("k", "v"));
    Map<String, Safetensors.Tensor> out = Safetensors.read(f);
    assertEquals(in.keySet(), out.keySet());
    assertArrayEquals(in.get("a").data(), out.get("a").data());
    assertArrayEquals(new long[] {2, 3}, out.get("a").shape());
    assertArrayEquals(new float[] {42}, out.get("b").data());
  }

  @Test
  void readsF16AndBf16() throws IOException {
    // 1.0, -2.0, 65504 (largest half), 2^-24 (smallest subnormal half) as F16; 1.0, -3.0 as BF16.
    ByteBuffer data = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    data.putShort((short) 0x3C00).putShort((short) 0xC000).putShort((short) 0x7BFF)
        .putShort((short) 0x0001).putShort((short) 0x3F80).putShort((short) 0xC040);
    String header = "{\"h\":{\"dtype\":\"F16\",\"shape\":[4],\"data_offsets\":[0,8]},"
        + "\"b\":{\"dtype\":\"BF16\",\"shape\":[2],\"data_offsets\":[8,12]}}";
    Path f = write(header, data.array());
    Map<String, Safetensors.Tensor> t = Safetensors.read(f);
    assertArrayEquals(new float[] {1f, -2f, 65504f, (float) Math.pow(2, -24)}, t.get("h").data());
    assertArrayEquals(new float[] {1f, -3f}, t.get("b").data());
  }

  @Test
  void refusesOffsetsPastTheEndAndOddDtypes() throws IOException {
    Path past = write("{\"x\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,16]}}",
        new byte[8]);
    assertThrows(IOException.class, () -> Safetensors.read(past));
    Path odd = write("{\"x\":{\"dtype\":\"I64\",\"shape\":[1],\"data_offsets\":[0,8]}}",
        new byte[8]);
    IOException e = assertThrows(IOException.class, () -> Safetensors.read(odd));
    assertEquals(odd + ": tensor 'x' has unsupported dtype 'I64'", e.getMessage());
    Path truncated = tmp.resolve("short");
    Files.write(truncated, new byte[] {1, 2, 3});
    assertThrows(IOException.class, () -> Safetensors.read(truncated));
  }

  private Path write(String header, byte[] data) throws IOException {
    byte[] h = header.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.allocate(8 + h.length + data.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(h.length).put(h).put(data);
    Path f = tmp.resolve("f" + System.nanoTime());
    Files.write(f, b.array());
    return f;
  }
}
