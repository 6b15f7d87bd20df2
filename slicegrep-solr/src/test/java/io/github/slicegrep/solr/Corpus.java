package io.github.slicegrep.solr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small corpus of two repositories (Python and Java, with tests, a README, a config file, an
 * empty file and an ignored build directory) and queries of every kind: identifiers, a pattern
 * with alternatives, a question, an error message, a constant.
 */
final class Corpus {
  /** Searchable, non-ignored files written. */
  static final int FILES = 11;

  static final List<String> QUERIES =
      List.of(
          "check_password",
          "class RateLimiter|tryAcquire",
          "how are tokens issued to a user",
          "password is too short",
          "TOKEN_STORE",
          "def \\w+_token");

  private Corpus() {}

  static void write(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    files.put("alpha/auth/__init__.py", "");
    files.put("alpha/auth/login.py", """
        import hashlib

        MIN_LENGTH = 8


        class PasswordError(ValueError):
            pass


        def hash_password(password, salt):
            return hashlib.sha256((salt + password).encode()).hexdigest()


        def check_password(user, password):
            \"\"\"Whether password is the user's, compared in constant time.\"\"\"
            if len(password) < MIN_LENGTH:
                raise PasswordError("password is too short")
            expected = user.password_hash
            actual = hash_password(password, user.salt)
            return hmac_compare(expected, actual)


        def hmac_compare(a, b):
            if len(a) != len(b):
                return False
            result = 0
            for x, y in zip(a, b):
                result |= ord(x) ^ ord(y)
            return result == 0


        class SessionStore:
            def __init__(self):
                self.sessions = {}

            def save(self, session):
                self.sessions[session.id] = session

            def load(self, session_id):
                return self.sessions.get(session_id)
        """);
    files.put("alpha/auth/tokens.py", """
        import secrets

        from .login import check_password

        TOKEN_STORE = {}


        class Token:
            def __init__(self, user, value):
                self.user = user
                self.value = value
                self.id = value[:8]


        def issue_token(user, password):
            \"\"\"Issues a new token to a user whose password checks out.\"\"\"
            if not check_password(user, password):
                return None
            token = Token(user, secrets.token_hex(16))
            TOKEN_STORE[token.id] = token
            return token


        def find_token(value):
            return TOKEN_STORE.get(value[:8])
        """);
    files.put("alpha/tests/test_login.py", """
        import pytest

        from auth.login import check_password, PasswordError


        class User:
            password_hash = ""
            salt = "s"


        def test_check_password_rejects_short_passwords():
            with pytest.raises(PasswordError):
                check_password(User(), "short")


        def test_issue_token_for_a_user():
            assert check_password is not None
        """);
    files.put("alpha/README.md", """
        # alpha

        Authentication: passwords are checked by `check_password`, and a user whose password
        checks out is issued a token (`issue_token`).
        """);
    files.put("beta/.gitignore", "build/\n");
    files.put("beta/build/Generated.java", "class GeneratedOnly {}\n");
    files.put("beta/config.yaml", """
        gateway:
          rate_limit: 100
          burst: 20
        """);
    files.put("beta/src/main/java/beta/RateLimiter.java", """
        package beta;

        /** A token bucket: at most {@code rate} permits a second, bursts of {@code burst}. */
        public final class RateLimiter {
          private final double rate;
          private final int burst;
          private double tokens;
          private long last = System.nanoTime();

          public RateLimiter(double rate, int burst) {
            this.rate = rate;
            this.burst = burst;
            this.tokens = burst;
          }

          /** Takes a permit if one is free. */
          public synchronized boolean tryAcquire() {
            refill();
            if (tokens < 1) {
              return false;
            }
            tokens -= 1;
            return true;
          }

          private void refill() {
            long now = System.nanoTime();
            tokens = Math.min(burst, tokens + (now - last) * rate / 1e9);
            last = now;
          }
        }
        """);
    files.put("beta/src/main/java/beta/Gateway.java", """
        package beta;

        public final class Gateway {
          private final RateLimiter limiter = new RateLimiter(100, 20);

          public int handle(String request) {
            if (!limiter.tryAcquire()) {
              return 429;
            }
            return 200;
          }
        }
        """);
    files.put("beta/src/test/java/beta/RateLimiterTest.java", """
        package beta;

        import static org.junit.jupiter.api.Assertions.assertFalse;
        import static org.junit.jupiter.api.Assertions.assertTrue;

        import org.junit.jupiter.api.Test;

        class RateLimiterTest {
          @Test
          void refusesPastTheBurst() {
            RateLimiter limiter = new RateLimiter(0, 1);
            assertTrue(limiter.tryAcquire());
            assertFalse(limiter.tryAcquire());
          }
        }
        """);
    files.put("beta/src/main/java/beta/package-info.java", "/** The gateway. */\npackage beta;\n");
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = root.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }
  }
}
