package io.github.slicegrep.npm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The registry manifest {@code server.json} at the repository root: the fields and constraints
 * that the MCP registry's server.json schema (version 2025-12-11) requires, and agreement with
 * the npm package ({@code npm/package.json}) and the POM version.
 */
class ServerJsonTest {
  static final String SCHEMA =
      "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BASEDIR = Path.of(System.getProperty("basedir", "."));
  // ServerDetail.name: reverse-DNS namespace, one slash, 3 to 200 characters.
  private static final Pattern NAME = Pattern.compile("^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$");
  // What the schema's version fields reject: ranges, wildcards and "latest".
  private static final Pattern VERSION_RANGE =
      Pattern.compile("[\\^~<>=*\\s]|(^|\\.)[xX](\\.|$)|^latest$");
  private static final Set<String> REGISTRY_TYPES = Set.of("npm", "pypi", "nuget", "oci", "mcpb");
  private static final Set<String> TRANSPORTS = Set.of("stdio", "streamable-http", "sse");

  static JsonNode read(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }

  static String pomVersion() {
    String v = System.getProperty("slicegrep.version");
    if (v == null || v.isEmpty() || v.startsWith("${")) {
      fail("the build passes the POM version as the system property slicegrep.version");
    }
    return v;
  }

  @Test
  void serverJsonHasWhatTheSchemaRequires() throws IOException {
    JsonNode server = read(BASEDIR.resolve("../server.json"));
    List<String> problems = new ArrayList<>();
    if (!SCHEMA.equals(server.path("$schema").asText())) {
      problems.add("$schema is not " + SCHEMA);
    }
    String name = server.path("name").asText("");
    if (!NAME.matcher(name).matches() || name.length() < 3 || name.length() > 200) {
      problems.add("name '" + name + "' is not namespace/name of 3-200 characters");
    }
    String description = server.path("description").asText("");
    if (description.isEmpty() || description.length() > 100) {
      problems.add("description must have 1-100 characters, has " + description.length());
    }
    String version = server.path("version").asText("");
    if (version.isEmpty() || version.length() > 255 || VERSION_RANGE.matcher(version).find()) {
      problems.add("version '" + version + "' is not one specific version");
    }
    if (server.has("title") && (server.get("title").asText().isEmpty()
        || server.get("title").asText().length() > 100)) {
      problems.add("title must have 1-100 characters");
    }
    JsonNode repository = server.path("repository");
    if (!repository.isMissingNode() && (!repository.path("url").asText().startsWith("https://")
        || repository.path("source").asText().isEmpty())) {
      problems.add("repository needs an https url and a source");
    }
    JsonNode packages = server.path("packages");
    if (!packages.isArray() || packages.isEmpty()) {
      problems.add("packages must be a non-empty array");
    }
    for (JsonNode p : packages) {
      checkPackage(p, problems);
    }
    assertTrue(problems.isEmpty(), "server.json: " + String.join("; ", problems));
  }

  private static void checkPackage(JsonNode p, List<String> problems) {
    String type = p.path("registryType").asText("");
    if (!REGISTRY_TYPES.contains(type)) {
      problems.add("registryType '" + type + "' is not one of " + REGISTRY_TYPES);
    }
    if (p.path("identifier").asText("").isEmpty()) {
      problems.add("a package has no identifier");
    }
    if (Set.of("npm", "pypi", "nuget").contains(type)) {
      String v = p.path("version").asText("");
      if (v.isEmpty() || VERSION_RANGE.matcher(v).find()) {
        problems.add("package version '" + v + "' is not one specific version");
      }
    }
    String transport = p.path("transport").path("type").asText("");
    if (!TRANSPORTS.contains(transport)) {
      problems.add("transport.type '" + transport + "' is not one of " + TRANSPORTS);
    }
    if (!"stdio".equals(transport) && p.path("transport").path("url").asText("").isEmpty()) {
      problems.add("an http transport needs a url");
    }
    for (String field : List.of("packageArguments", "runtimeArguments")) {
      for (JsonNode a : p.path(field)) {
        String kind = a.path("type").asText("");
        if ("positional".equals(kind)) {
          if (!a.has("value") && !a.has("valueHint")) {
            problems.add(field + ": a positional argument needs value or valueHint");
          }
        } else if ("named".equals(kind)) {
          if (a.path("name").asText("").isEmpty()) {
            problems.add(field + ": a named argument needs a name");
          }
        } else {
          problems.add(field + ": argument type '" + kind + "' is neither positional nor named");
        }
        String format = a.path("format").asText("string");
        if (!Set.of("string", "number", "boolean", "filepath").contains(format)) {
          problems.add(field + ": format '" + format + "' is unknown");
        }
      }
    }
    if (p.has("runtimeArguments") && !p.has("runtimeHint")) {
      problems.add("runtimeArguments come with a runtimeHint");
    }
  }

  @Test
  void serverJsonNamesTheNpmPackageItsVersionAndItsStdioCommand() throws IOException {
    JsonNode server = read(BASEDIR.resolve("../server.json"));
    JsonNode pkg = read(BASEDIR.resolve("package.json"));
    String version = pomVersion();

    assertEquals(version, pkg.path("version").asText(), "npm/package.json version = POM version");
    assertEquals(version, server.path("version").asText(), "server.json version = POM version");
    // The registry checks that the npm package names the server in mcpName.
    assertEquals(server.path("name").asText(), pkg.path("mcpName").asText(),
        "package.json mcpName = server.json name");

    JsonNode npm = null;
    for (JsonNode p : server.path("packages")) {
      if ("npm".equals(p.path("registryType").asText())) {
        npm = p;
      }
    }
    assertTrue(npm != null, "server.json lists the npm package");
    assertEquals(pkg.path("name").asText(), npm.path("identifier").asText(),
        "the npm identifier is package.json's name");
    assertEquals(pkg.path("version").asText(), npm.path("version").asText(),
        "the npm package version is package.json's version");
    assertEquals("stdio", npm.path("transport").path("type").asText());
    assertFalse(npm.has("registryBaseUrl"), "the default registry is meant: no base URL");

    // `npx -y <identifier> <packageArguments>` must start the server: the bin named like the
    // package runs bin/slicegrep.js, whose first argument `mcp` selects the MCP jar.
    String bin = pkg.path("bin").path(npm.path("identifier").asText().replaceFirst("^@[^/]+/", ""))
        .asText();
    assertEquals("bin/slicegrep.js", bin, "npx runs the bin named like the package");
    JsonNode first = npm.path("packageArguments").path(0);
    assertEquals("positional", first.path("type").asText());
    assertEquals("mcp", first.path("value").asText(), "the first package argument is `mcp`");
    JsonNode root = npm.path("packageArguments").path(1);
    assertEquals("--root", root.path("name").asText(), "--root is the server's option");
    assertEquals("filepath", root.path("format").asText());
  }
}
