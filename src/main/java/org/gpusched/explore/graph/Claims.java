package org.gpusched.explore.graph;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The visited set the diversified depth-first searches share ({@link DiverseDfs}): which search
 * claimed each (state, time) pair, claimed when that search pops a vertex holding it and before
 * it expands it. A pair another search claimed is left to that search, which explores it whole
 * unless it is stopped; whether the skips were sound is decided once every search has ended
 * (docs/explorer.md, "Diversified depth-first threads").
 */
public final class Claims {
    private record Claim(StateKey key, long time) { }

    private final ConcurrentHashMap<Claim, Integer> owners = new ConcurrentHashMap<>();

    /**
     * Claims the times of {@code v} for {@code owner} and drops from {@code v} those another
     * search claimed first. Returns how many times were dropped ({@code v.size} is what is left).
     */
    int keepOwn(Vertex v, int owner) {
        int kept = 0;
        for (int j = 0; j < v.size; j++) {
            Integer was = owners.putIfAbsent(new Claim(v.key, v.times[j]), owner);
            if (was == null || was == owner) {
                v.times[kept] = v.times[j];
                v.trails[kept] = v.trails[j];
                kept++;
            }
        }
        int dropped = v.size - kept;
        v.size = kept;
        return dropped;
    }
}
