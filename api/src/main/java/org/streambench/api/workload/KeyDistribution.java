package org.streambench.api.workload;

import java.util.Arrays;

/**
 * Draws an index in {@code [0, n)} uniformly or with Zipf skew (index 0 most frequent), from a
 * uniform double, so callers stay deterministic.
 */
public final class KeyDistribution {
  private final int n;
  private final double[] cdf; // null when uniform

  private KeyDistribution(int n, double[] cdf) {
    this.n = n;
    this.cdf = cdf;
  }

  /**
   * @param name {@code uniform} or {@code zipf}
   * @param exponent Zipf exponent (ignored when uniform)
   */
  public static KeyDistribution of(String name, int n, double exponent) {
    if (n < 1) {
      throw new IllegalArgumentException("need at least one key, got " + n);
    }
    switch (name) {
      case "uniform":
        return new KeyDistribution(n, null);
      case "zipf":
        double[] cdf = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
          sum += 1.0 / Math.pow(i + 1, exponent);
          cdf[i] = sum;
        }
        for (int i = 0; i < n; i++) {
          cdf[i] /= sum;
        }
        return new KeyDistribution(n, cdf);
      default:
        throw new IllegalArgumentException(
            "unknown distribution '" + name + "' (expected uniform or zipf)");
    }
  }

  public int size() {
    return n;
  }

  /** The index for a uniform {@code u} in {@code [0, 1)}. */
  public int index(double u) {
    if (cdf == null) {
      return Math.min(n - 1, (int) (u * n));
    }
    int i = Arrays.binarySearch(cdf, u);
    return Math.min(n - 1, i >= 0 ? i : -i - 1);
  }
}
