/*
 * slicegrep's native client of the resident server (docs/server.md), the way Bazel's and
 * Nailgun's clients are native: a call the server answers then costs a process start of a few
 * milliseconds instead of a JVM's hundred.
 *
 *   slicegrep-client --tool cli|hook --server-main CLASS [--id ID] [--print-id]
 *                    -- JAVA [JVM OPTIONS] -cp CLASS_PATH MAIN [ARGS]
 *
 * Everything after "--" is the Java client's command, exactly as the launcher would run it.
 * From it this client derives what the Java client would (ClientConfig.forThisProcess): the
 * server's build name, a hash of the Java installation, the class path entries with their sizes
 * and times, and the command that starts the server. It hands ARGS to that server and prints its
 * answer. It never starts a server, repairs a directory or waits for one: whenever the fast path
 * cannot be taken (no server of this build, a refused directory, a server that hands the call
 * back or goes away, anything unexpected) it runs the Java command in its place (execvp), which
 * does all of that, and nothing has been written to stdout by then.
 *
 * --tool hook reads the event from stdin first (and feeds it to the Java command if it must run
 * it), passes no stderr on, and fails open: past SLICEGREP_HOOK_TIMEOUT (default 5 s) from its
 * start it exits 0 with no output. --id names the build instead (tests); --print-id prints the
 * derived name and exits.
 *
 * The wire format is Wire.java's; a change there must be made here too (ServerNativeClientTest
 * holds both ends to it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

#define MAGIC 0x53475231u
#define MAX_BYTES (256u << 20)
#define HANDSHAKE_MILLIS 10000
#define MAX_SOCKET_PATH 107
#define DEFAULT_HOOK_TIMEOUT_MILLIS 5000

/* ClientConfig.DEFAULT_SERVER_OPTIONS, in order. */
static const char *const DEFAULT_SERVER_OPTIONS[] = {
    "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=30000", "-XX:-G1PeriodicGCInvokesConcurrent"};

/* A growable byte buffer; a failed allocation sets `failed` and later appends do nothing. */
typedef struct {
  char *bytes;
  size_t length;
  size_t capacity;
  int failed;
} buffer;

static void append(buffer *b, const void *bytes, size_t n) {
  if (b->failed) {
    return;
  }
  if (b->length + n + 1 > b->capacity) {
    size_t capacity = b->capacity ? b->capacity : 256;
    while (b->length + n + 1 > capacity) {
      capacity *= 2;
    }
    char *grown = realloc(b->bytes, capacity);
    if (grown == NULL) {
      b->failed = 1;
      return;
    }
    b->bytes = grown;
    b->capacity = capacity;
  }
  memcpy(b->bytes + b->length, bytes, n);
  b->length += n;
  b->bytes[b->length] = '\0';
}

static void append_text(buffer *b, const char *text) { append(b, text, strlen(text)); }

static void append_int(buffer *b, uint32_t v) {
  unsigned char bytes[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
                            (unsigned char)(v >> 8), (unsigned char)v};
  append(b, bytes, 4);
}

/* A Java DataOutputStream string as Request.putString writes it: length, then UTF-8 bytes. */
static void append_field(buffer *b, const char *bytes, size_t n) {
  append_int(b, (uint32_t)n);
  append(b, bytes, n);
}

static long long now_millis(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

/* Character.isWhitespace for the ASCII range (anything else takes the Java path). */
static int java_whitespace(unsigned char c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
}

static int blank(const char *s) {
  for (; *s; s++) {
    if (!java_whitespace((unsigned char)*s)) {
      return 0;
    }
  }
  return 1;
}

/* java.io.File's normal form of an absolute path: no repeated separators, no trailing one. */
static void append_normal_path(buffer *b, const char *path) {
  size_t start = b->length;
  for (const char *p = path; *p; p++) {
    if (*p == '/' && b->length > start && b->bytes[b->length - 1] == '/') {
      continue;
    }
    append(b, p, 1);
  }
  if (!b->failed && b->length > start + 1 && b->bytes[b->length - 1] == '/') {
    b->bytes[--b->length] = '\0';
  }
}

/* An absolute, normal path: relative ones are taken from the working directory, as Java does. */
static int absolute_path(buffer *out, const char *path, const char *cwd) {
  buffer joined = {0};
  if (path[0] != '/') {
    append_text(&joined, cwd);
    append_text(&joined, "/");
  }
  append_text(&joined, path);
  append_normal_path(out, joined.failed ? "" : joined.bytes);
  int ok = !joined.failed && !out->failed;
  free(joined.bytes);
  return ok;
}

/* The executable a command name runs: itself when it holds a '/', else the first on PATH. */
static int resolve_executable(const char *name, char *resolved) {
  if (strchr(name, '/') != NULL) {
    return realpath(name, resolved) != NULL;
  }
  const char *path = getenv("PATH");
  if (path == NULL) {
    return 0;
  }
  while (*path) {
    const char *end = strchrnul(path, ':');
    char candidate[PATH_MAX];
    int n = snprintf(candidate, sizeof candidate, "%.*s%s%s", (int)(end - path),
                     end == path ? "." : path, "/", name);
    if (n > 0 && (size_t)n < sizeof candidate && access(candidate, X_OK) == 0) {
      return realpath(candidate, resolved) != NULL;
    }
    path = *end ? end + 1 : end;
  }
  return 0;
}

/* 64-bit FNV-1a over Java chars (low byte, then high byte), as 16 hex digits: ClientConfig.hash. */
static void fnv_hash(const char *text, char out[17]) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
    h = (h ^ *p) * 0x100000001b3ULL;
    h = h * 0x100000001b3ULL; /* the high byte of an ASCII char is 0 */
  }
  snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* Where the Java command's class-path option is, or -1: its value and the main class follow. */
static int class_path_option(char **command, int count) {
  for (int i = 1; i + 2 < count; i++) {
    if (strcmp(command[i], "-cp") == 0 || strcmp(command[i], "-classpath") == 0 ||
        strcmp(command[i], "--class-path") == 0) {
      return i;
    }
  }
  return -1;
}

/*
 * The build's name as ClientConfig.forThisProcess makes it, from the Java command's java and
 * class path: 1 when derived, 0 when it cannot be matched byte for byte (then the Java client
 * decides).
 */
static int build_id(const char *java_command, const char *class_path, const char *server_main,
                    const char *cwd, char id[17]) {
  char java[PATH_MAX];
  if (!resolve_executable(java_command, java)) {
    return 0;
  }
  /* java.home: the installation the launcher runs from, the real path less /bin/java. */
  size_t java_length = strlen(java);
  if (java_length <= 9 || strcmp(java + java_length - 9, "/bin/java") != 0) {
    return 0;
  }
  java[java_length - 9] = '\0';
  buffer identity = {0};
  buffer path = {0};
  buffer entry = {0};
  append_text(&identity, java);
  const char *p = class_path;
  while (1) {
    const char *end = strchrnul(p, ':');
    if (end > p) {
      buffer raw = {0};
      append(&raw, p, (size_t)(end - p));
      entry.length = 0;
      int ok = !raw.failed && absolute_path(&entry, raw.bytes, cwd);
      free(raw.bytes);
      if (!ok) {
        identity.failed = 1;
        break;
      }
      struct stat st;
      long long size = 0;
      long long modified = 0;
      if (stat(entry.bytes, &st) == 0) {
        size = (long long)st.st_size;
        modified = (long long)st.st_mtim.tv_sec * 1000 + st.st_mtim.tv_nsec / 1000000;
      }
      char numbers[64];
      snprintf(numbers, sizeof numbers, " %lld %lld", size, modified);
      append_text(&identity, "\n");
      append_text(&identity, entry.bytes);
      append_text(&identity, numbers);
      if (path.length > 0) {
        append_text(&path, ":");
      }
      append_text(&path, entry.bytes);
    }
    if (*end == '\0') {
      break;
    }
    p = end + 1;
  }
  append_text(&identity, "\n");
  append_text(&identity, java);
  append_text(&identity, "/bin/java");
  for (size_t i = 0; i < sizeof DEFAULT_SERVER_OPTIONS / sizeof *DEFAULT_SERVER_OPTIONS; i++) {
    append_text(&identity, "\n");
    append_text(&identity, DEFAULT_SERVER_OPTIONS[i]);
  }
  const char *extra = getenv("SLICEGREP_SERVER_JAVA_OPTS");
  if (extra != NULL) {
    const char *s = extra;
    while (*s) {
      while (*s && java_whitespace((unsigned char)*s)) {
        s++;
      }
      const char *e = s;
      while (*e && !java_whitespace((unsigned char)*e)) {
        e++;
      }
      if (e > s) {
        append_text(&identity, "\n");
        append(&identity, s, (size_t)(e - s));
      }
      s = e;
    }
  }
  append_text(&identity, "\n-cp\n");
  append(&identity, path.bytes ? path.bytes : "", path.length);
  append_text(&identity, "\n");
  append_text(&identity, server_main);
  int ok = !identity.failed && !path.failed && !entry.failed;
  /* Java hashes UTF-16 chars of decoded text: only ASCII is certain to match byte for byte. */
  for (size_t i = 0; ok && i < identity.length; i++) {
    ok = (unsigned char)identity.bytes[i] < 0x80;
  }
  if (ok) {
    fnv_hash(identity.bytes, id);
  }
  free(identity.bytes);
  free(path.bytes);
  free(entry.bytes);
  return ok;
}

/* ServerDirectory.locate, then ServerDirectory.check; 0 when missing or refused. */
static int server_directory(buffer *dir, const char *cwd) {
  const char *explicit_dir = getenv("SLICEGREP_SERVER_DIR");
  const char *runtime = getenv("XDG_RUNTIME_DIR");
  const char *cache = getenv("XDG_CACHE_HOME");
  if (explicit_dir != NULL && !blank(explicit_dir)) {
    absolute_path(dir, explicit_dir, cwd);
  } else if (runtime != NULL && !blank(runtime) && runtime[0] == '/') {
    append_normal_path(dir, runtime);
    append_text(dir, "/slicegrep");
  } else if (cache != NULL && !blank(cache) && cache[0] == '/') {
    append_normal_path(dir, cache);
    append_text(dir, "/slicegrep/server");
  } else {
    struct passwd *user = getpwuid(getuid());
    if (user == NULL || user->pw_dir == NULL) {
      return 0;
    }
    absolute_path(dir, user->pw_dir, cwd);
    append_text(dir, "/.cache/slicegrep/server");
  }
  struct stat st;
  return !dir->failed && dir->length + 22 <= MAX_SOCKET_PATH && lstat(dir->bytes, &st) == 0 &&
         S_ISDIR(st.st_mode) && st.st_uid == getuid() && (st.st_mode & 0777) == 0700;
}

/* Waits until fd can be read or the deadline (epoch ms, 0 for none) passes: 1 when readable,
 * 0 on error or time-out (*timed_out set). */
static int readable(int fd, long long deadline, int *timed_out) {
  while (deadline > 0) {
    long long left = deadline - now_millis();
    struct pollfd pfd = {fd, POLLIN, 0};
    int ready = left > 0 ? poll(&pfd, 1, left > INT_MAX ? INT_MAX : (int)left) : 0;
    if (ready < 0 && errno == EINTR) {
      continue;
    }
    if (ready == 0) {
      *timed_out = 1;
    }
    return ready > 0;
  }
  return 1;
}

/* Reads exactly n bytes before the deadline (epoch ms, 0 for none): 1, or 0 on EOF, error or
 * time-out; *timed_out says which. */
static int read_fully(int fd, void *to, size_t n, long long deadline, int *timed_out) {
  char *p = to;
  while (n > 0) {
    if (!readable(fd, deadline, timed_out)) {
      return 0;
    }
    ssize_t got = read(fd, p, n);
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      return 0;
    }
    p += got;
    n -= (size_t)got;
  }
  return 1;
}

static int write_fully(int fd, const char *bytes, size_t n, int socket) {
  while (n > 0) {
    /* MSG_NOSIGNAL: a server gone away is an error here, not a SIGPIPE that the Java command
     * run next would inherit as ignored. */
    ssize_t put = socket ? send(fd, bytes, n, MSG_NOSIGNAL) : write(fd, bytes, n);
    if (put < 0 && errno == EINTR) {
      continue;
    }
    if (put <= 0) {
      return 0;
    }
    bytes += put;
    n -= (size_t)put;
  }
  return 1;
}

static uint32_t get_int(const unsigned char *b) {
  return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

/* How a call through the server ended. */
enum { FALLBACK = -1, HOOK_EXPIRED = -2 };

/* Whether the call must stay in-process whatever the server: Main.usesServer's rules, or
 * HookClient's for the hook. */
static int in_process_only(char **command, int count, int first_arg, int hook) {
  const char *debug = getenv("SLICEGREP_HOOK_DEBUG");
  if (hook && debug != NULL && strcmp(debug, "1") == 0) {
    return 1;
  }
  for (int i = 1; i < first_arg && !hook; i++) {
    if (strncmp(command[i], "-Dslicegrep.", 12) == 0) {
      return 1;
    }
  }
  for (int i = first_arg; i < count && !hook; i++) {
    if (strcmp(command[i], "--no-server") == 0 || strncmp(command[i], "--server", 8) == 0) {
      return 1;
    }
  }
  const char *v = getenv("SLICEGREP_SERVER");
  if (v == NULL) {
    return 0;
  }
  char word[8];
  size_t n = 0;
  for (const char *s = v; *s; s++) {
    if (java_whitespace((unsigned char)*s)) {
      continue;
    }
    if (n + 1 >= sizeof word) {
      return 0;
    }
    char c = *s;
    word[n++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  word[n] = '\0';
  return strcmp(word, "off") == 0 || strcmp(word, "0") == 0 || strcmp(word, "false") == 0 ||
         strcmp(word, "no") == 0;
}

/* HookSettings.duration of SLICEGREP_HOOK_TIMEOUT, in ms. */
static long long hook_timeout_millis(void) {
  const char *raw = getenv("SLICEGREP_HOOK_TIMEOUT");
  if (raw == NULL) {
    return DEFAULT_HOOK_TIMEOUT_MILLIS;
  }
  char s[64];
  size_t n = 0;
  for (const char *p = raw; *p && n + 1 < sizeof s; p++) {
    s[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
  }
  s[n] = '\0';
  while (n > 0 && java_whitespace((unsigned char)s[n - 1])) {
    s[--n] = '\0';
  }
  double unit = 1000;
  if (n >= 2 && strcmp(s + n - 2, "ms") == 0) {
    s[n -= 2] = '\0';
    unit = 1;
  } else if (n >= 1 && s[n - 1] == 's') {
    s[--n] = '\0';
  }
  char *start = s;
  while (java_whitespace((unsigned char)*start)) {
    start++;
  }
  char *end;
  errno = 0;
  double v = strtod(start, &end);
  while (java_whitespace((unsigned char)*end)) {
    end++;
  }
  long long millis = (long long)(v * unit + 0.5);
  if (end == start || *end != '\0' || errno != 0 || !(v > 0) || v > 1e12 || millis <= 0) {
    return DEFAULT_HOOK_TIMEOUT_MILLIS;
  }
  return millis;
}

/* One call over the socket: the exit status, FALLBACK or HOOK_EXPIRED. */
static int call(const char *socket_path, const char *tool, char **args, int arg_count,
                const char *cwd, const buffer *stdin_bytes, long long started, long long deadline,
                int hook) {
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return FALLBACK;
  }
  struct sockaddr_un address = {0};
  address.sun_family = AF_UNIX;
  if (strlen(socket_path) >= sizeof address.sun_path) {
    close(fd);
    return FALLBACK;
  }
  strcpy(address.sun_path, socket_path);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    close(fd);
    return FALLBACK;
  }
  int timed_out = 0;
  long long handshake = now_millis() + HANDSHAKE_MILLIS;
  if (deadline > 0 && deadline < handshake) {
    handshake = deadline;
  }
  unsigned char head[5];
  unsigned char pid[8];
  if (!read_fully(fd, head, 5, handshake, &timed_out) || head[0] != 'A' ||
      get_int(head + 1) != 8 || !read_fully(fd, pid, 8, handshake, &timed_out)) {
    close(fd);
    return hook && deadline > 0 && now_millis() >= deadline ? HOOK_EXPIRED : FALLBACK;
  }
  buffer request = {0};
  append_int(&request, MAGIC);
  append_field(&request, tool, strlen(tool));
  append_int(&request, (uint32_t)arg_count);
  for (int i = 0; i < arg_count; i++) {
    append_field(&request, args[i], strlen(args[i]));
  }
  append_field(&request, cwd, strlen(cwd));
  /* The environment as System.getenv() holds it: NAME=VALUE entries, the first of a name wins
   * (sent last, since the server's map keeps the last). */
  int vars = 0;
  for (char **e = environ; *e; e++) {
    vars += strchr(*e, '=') != NULL;
  }
  append_int(&request, (uint32_t)vars);
  int count = 0;
  for (char **e = environ; *e; e++) {
    count++;
  }
  for (int i = count - 1; i >= 0; i--) {
    const char *eq = strchr(environ[i], '=');
    if (eq != NULL) {
      append_field(&request, environ[i], (size_t)(eq - environ[i]));
      append_field(&request, eq + 1, strlen(eq + 1));
    }
  }
  unsigned char console = !hook && isatty(0) && isatty(1);
  append(&request, &console, 1);
  unsigned char start[8];
  for (int i = 7; i >= 0; i--) {
    start[i] = (unsigned char)started;
    started >>= 8;
  }
  append(&request, start, 8);
  append_field(&request, stdin_bytes->bytes ? stdin_bytes->bytes : "", stdin_bytes->length);
  if (request.failed || request.length > MAX_BYTES ||
      !write_fully(fd, request.bytes, request.length, 1)) {
    free(request.bytes);
    close(fd);
    return FALLBACK;
  }
  free(request.bytes);
  buffer out = {0};
  char *frame = NULL;
  int status = FALLBACK;
  while (1) {
    if (!read_fully(fd, head, 5, hook ? deadline : 0, &timed_out)) {
      status = timed_out ? HOOK_EXPIRED : FALLBACK;
      break;
    }
    uint32_t length = get_int(head + 1);
    if (length > MAX_BYTES) {
      break;
    }
    char *grown = realloc(frame, length + 1);
    if (grown == NULL) {
      break;
    }
    frame = grown;
    if (!read_fully(fd, frame, length, hook ? deadline : 0, &timed_out)) {
      status = timed_out ? HOOK_EXPIRED : FALLBACK;
      break;
    }
    if (head[0] == 'O') {
      append(&out, frame, length);
      if (out.failed) {
        break;
      }
    } else if (head[0] == 'E') {
      if (!hook) {
        write_fully(2, frame, length, 0);
      }
    } else if (head[0] == 'X' && length == 4) {
      status = (int)get_int((unsigned char *)frame);
      if (out.length > 0) {
        write_fully(1, out.bytes, out.length, 0);
      }
      break;
    } else {
      break; /* F (run in-process instead), or a frame this client does not know */
    }
  }
  free(frame);
  free(out.bytes);
  close(fd);
  return status;
}

/* Runs the Java command in this process's place, with the stdin already read fed to it. */
static int run_java(char **command, const buffer *stdin_bytes, int consumed_stdin) {
  if (consumed_stdin) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) {
      return 127;
    }
    pid_t writer = fork();
    if (writer < 0) {
      return 127;
    }
    if (writer == 0) {
      close(pipe_fds[0]);
      write_fully(pipe_fds[1], stdin_bytes->bytes ? stdin_bytes->bytes : "", stdin_bytes->length,
                  0);
      _exit(0);
    }
    close(pipe_fds[1]);
    if (dup2(pipe_fds[0], 0) < 0) {
      return 127;
    }
    close(pipe_fds[0]);
  }
  execvp(command[0], command);
  fprintf(stderr, "slicegrep: cannot run %s: %s\n", command[0], strerror(errno));
  return 127;
}

static int usage(void) {
  fputs("usage: slicegrep-client --tool cli|hook --server-main CLASS [--id ID] [--print-id] -- "
        "JAVA [OPTIONS] -cp CLASS_PATH MAIN [ARGS]\n",
        stderr);
  return 2;
}

int main(int argc, char **argv) {
  long long started = now_millis();
  const char *tool = NULL;
  const char *server_main = NULL;
  const char *fixed_id = NULL;
  int print_id = 0;
  int i = 1;
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (strcmp(argv[i], "--tool") == 0 && i + 1 < argc) {
      tool = argv[++i];
    } else if (strcmp(argv[i], "--server-main") == 0 && i + 1 < argc) {
      server_main = argv[++i];
    } else if (strcmp(argv[i], "--id") == 0 && i + 1 < argc) {
      fixed_id = argv[++i];
    } else if (strcmp(argv[i], "--print-id") == 0) {
      print_id = 1;
    } else {
      return usage();
    }
  }
  if (tool == NULL || server_main == NULL || i + 1 >= argc) {
    return usage();
  }
  int hook = strcmp(tool, "hook") == 0;
  char **command = argv + i + 1;
  int count = argc - i - 1;
  buffer stdin_bytes = {0};
  long long deadline = 0;
  if (hook) {
    deadline = started + hook_timeout_millis();
    char chunk[65536];
    int timed_out = 0;
    while (readable(0, deadline, &timed_out)) {
      ssize_t got = read(0, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR) {
        continue;
      }
      if (got <= 0) {
        break;
      }
      append(&stdin_bytes, chunk, (size_t)got);
      if (stdin_bytes.failed || stdin_bytes.length > MAX_BYTES) {
        return 0; /* fail open: the Read goes through */
      }
    }
    if (timed_out) {
      return 0;
    }
  }
  char cwd[PATH_MAX];
  /* The Java client's main class follows the class path's value; its arguments come next. */
  int option = class_path_option(command, count);
  int first_arg = option > 0 ? option + 3 : -1;
  char id[17];
  int derived = getcwd(cwd, sizeof cwd) != NULL &&
                (fixed_id != NULL ? snprintf(id, sizeof id, "%s", fixed_id) > 0
                                  : option > 0 && build_id(command[0], command[option + 1],
                                                           server_main, cwd, id));
  if (print_id) {
    if (!derived) {
      return 1;
    }
    printf("%s\n", id);
    return 0;
  }
  if (derived && first_arg > 0 && !in_process_only(command, count, first_arg, hook)) {
    buffer dir = {0};
    if (server_directory(&dir, cwd)) {
      append_text(&dir, "/");
      append_text(&dir, id);
      append_text(&dir, ".sock");
      int status = dir.failed ? FALLBACK
                              : call(dir.bytes, tool, command + first_arg, count - first_arg, cwd,
                                     &stdin_bytes, hook ? started : 0, deadline, hook);
      if (status == HOOK_EXPIRED) {
        return 0;
      }
      if (status >= 0) {
        return hook ? 0 : status; /* a hook's status is always 0: its decision is its output */
      }
    }
    free(dir.bytes);
  }
  return run_java(command, &stdin_bytes, hook);
}
