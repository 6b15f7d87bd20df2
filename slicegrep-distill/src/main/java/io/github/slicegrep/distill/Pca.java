package io.github.slicegrep.distill;

/**
 * Principal component analysis of a row table: the rows are centred and projected onto the
 * eigenvectors of their covariance with the largest eigenvalues (cyclic Jacobi rotations, which
 * for a few hundred columns take well under a second).
 */
final class Pca {
  /** Rotations stop when every off-diagonal entry is this small relative to the diagonal. */
  private static final double TOLERANCE = 1e-12;
  private static final int MAX_SWEEPS = 100;

  private Pca() {}

  /** {@code rows} (n x d) projected onto its top {@code k} principal components (n x k). */
  static float[][] reduce(float[][] rows, int k) {
    int d = rows[0].length;
    if (k > d) {
      throw new IllegalArgumentException("cannot reduce " + d + " dimensions to " + k);
    }
    double[] mean = new double[d];
    for (float[] r : rows) {
      for (int j = 0; j < d; j++) {
        mean[j] += r[j];
      }
    }
    for (int j = 0; j < d; j++) {
      mean[j] /= rows.length;
    }
    double[][] cov = new double[d][d];
    double[] c = new double[d];
    for (float[] r : rows) {
      for (int j = 0; j < d; j++) {
        c[j] = r[j] - mean[j];
      }
      for (int a = 0; a < d; a++) {
        double ca = c[a];
        double[] row = cov[a];
        for (int b = a; b < d; b++) {
          row[b] += ca * c[b];
        }
      }
    }
    for (int a = 0; a < d; a++) {
      for (int b = a; b < d; b++) {
        cov[a][b] /= Math.max(1, rows.length - 1);
        cov[b][a] = cov[a][b];
      }
    }
    double[][] vectors = new double[d][d];
    double[] values = eigen(cov, vectors);
    Integer[] order = new Integer[d];
    for (int i = 0; i < d; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(values[y], values[x]));
    float[][] out = new float[rows.length][k];
    for (int i = 0; i < rows.length; i++) {
      for (int j = 0; j < d; j++) {
        c[j] = rows[i][j] - mean[j];
      }
      for (int p = 0; p < k; p++) {
        int col = order[p];
        double s = 0;
        for (int j = 0; j < d; j++) {
          s += c[j] * vectors[j][col];
        }
        out[i][p] = (float) s;
      }
    }
    return out;
  }

  /**
   * Eigenvalues of the symmetric matrix {@code a} (destroyed), eigenvectors into the columns of
   * {@code v}.
   */
  static double[] eigen(double[][] a, double[][] v) {
    int n = a.length;
    for (int i = 0; i < n; i++) {
      java.util.Arrays.fill(v[i], 0);
      v[i][i] = 1;
    }
    for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      double off = 0;
      double diag = 0;
      for (int p = 0; p < n; p++) {
        diag += a[p][p] * a[p][p];
        for (int q = p + 1; q < n; q++) {
          off += a[p][q] * a[p][q];
        }
      }
      if (off <= TOLERANCE * Math.max(diag, Double.MIN_NORMAL)) {
        break;
      }
      for (int p = 0; p < n; p++) {
        for (int q = p + 1; q < n; q++) {
          if (a[p][q] != 0) {
            rotate(a, v, p, q);
          }
        }
      }
    }
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = a[i][i];
    }
    return values;
  }

  private static void rotate(double[][] a, double[][] v, int p, int q) {
    int n = a.length;
    double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
    if (theta == 0) {
      t = 1;
    }
    double cos = 1 / Math.sqrt(t * t + 1);
    double sin = t * cos;
    for (int k = 0; k < n; k++) {
      double akp = a[k][p];
      double akq = a[k][q];
      a[k][p] = cos * akp - sin * akq;
      a[k][q] = sin * akp + cos * akq;
    }
    for (int k = 0; k < n; k++) {
      double apk = a[p][k];
      double aqk = a[q][k];
      a[p][k] = cos * apk - sin * aqk;
      a[q][k] = sin * apk + cos * aqk;
    }
    for (int k = 0; k < n; k++) {
      double vkp = v[k][p];
      double vkq = v[k][q];
      v[k][p] = cos * vkp - sin * vkq;
      v[k][q] = sin * vkp + cos * vkq;
    }
  }
}
