package org.gpusched.experiment;

/** Slice k of n (1-based): the sets whose global index i has i % n == k - 1. */
public record Shard(int k, int n) {
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (n < 1 || k < 1 || k > n) {
            throw new IllegalArgumentException("shard must be k/n with 1 <= k <= n, got " + k + "/" + n);
        }
    }

    public static Shard parse(String s) {
        String[] p = s.trim().split("/");
        try {
            if (p.length == 2) {
                return new Shard(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("shard must be k/n, e.g. 3/8, got '" + s + "'");
    }

    public boolean owns(int unit) {
        return unit % n == k - 1;
    }

    public boolean whole() {
        return n == 1;
    }

    @Override
    public String toString() {
        return k + "/" + n;
    }
}
