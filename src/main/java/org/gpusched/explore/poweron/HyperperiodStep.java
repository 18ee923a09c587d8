package org.gpusched.explore.poweron;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.Budget;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * One hyperperiod of the power-on search: from a set of frame-start states at a boundary (times
 * and counts relative to it), every state reachable by PBS frames that meet their deadlines,
 * up to the first frame start at or after the next boundary H. Exact duplicates are merged and
 * nothing else: the set of states reached at the next boundary is exactly F(starts), the map the
 * periodic-part argument of docs/explorer.md iterates. Frames are kept as parent links, so any
 * state reached is turned back into frames.
 */
final class HyperperiodStep {
    private static final Node ROOT = new Node(null, 0, 0, 0);

    private record Node(PowerState parent, long start, long end, long mask) { }

    private final UnboundedJobs tl;
    private final Oracle oracle;
    private final Budget.Meter meter;
    private final long keptBefore;
    private final Map<PowerState, Node> seen = new HashMap<>();
    /** Boundary states (shifted back by H) in the order first reached, each with the state it was reached as. */
    private final Map<PowerState, PowerState> boundary = new LinkedHashMap<>();
    private PowerState deepest;
    long edges;
    long pruned;
    long fastForwards;

    HyperperiodStep(UnboundedJobs tl, Oracle oracle, Budget.Meter meter, long keptBefore) {
        this.tl = tl;
        this.oracle = oracle;
        this.meter = meter;
        this.keptBefore = keptBefore;
    }

    /** A frame start: t itself when some kernel is ready then, else the next time one is (PBS skips idle time). */
    PowerState canonical(long t, int[] counts) {
        long next = Long.MAX_VALUE;
        for (int i = 0; i < tl.jm.n; i++) {
            long r = tl.readyTime(i, counts[i]);
            if (r <= t) {
                return new PowerState(t, counts);
            }
            next = Math.min(next, r);
        }
        fastForwards++;
        return new PowerState(next, counts);
    }

    /** Explores from {@code starts}; returns the boundary states reached, shifted back by H. */
    Collection<PowerState> run(Collection<PowerState> starts) {
        Deque<PowerState> stack = new ArrayDeque<>();
        for (PowerState s : starts) {
            if (seen.putIfAbsent(s, ROOT) == null) {
                stack.push(s);
            }
        }
        long pops = 0;
        while (!stack.isEmpty()) {
            PowerState s = stack.pop();
            if ((++pops & 255) == 0 || seen.size() + keptBefore > meter.budget().maxStates()) {
                meter.check(seen.size() + keptBefore);
            }
            if (deepest == null || s.done() > deepest.done() || s.done() == deepest.done() && s.t > deepest.t) {
                deepest = s;
            }
            expand(s, stack);
        }
        return boundary.keySet();
    }

    /**
     * The ready kernels of a state as a unit mask, or -1 when the state is dead: some ready kernel
     * cannot end in time even alone (every frame holding it lasts C_u or more).
     */
    private long readyOrDead(PowerState s) {
        long ready = 0;
        for (int i = 0; i < tl.jm.n; i++) {
            int c = s.count(i);
            if (tl.readyTime(i, c) <= s.t) {
                int u = tl.unit(i, c);
                if (Ticks.add(s.t, tl.jm.wcet[u]) > tl.unitDeadline(i, c)) {
                    return -1;
                }
                ready |= 1L << u;
            }
        }
        return ready;
    }

    private void expand(PowerState s, Deque<PowerState> stack) {
        long ready = readyOrDead(s);
        if (ready < 0) {
            pruned++;
            return;
        }
        BatchList list = oracle.batchesOf(ready);
        for (int k = 0; k < list.nodes(); k++) {
            long c = list.completions()[k];
            if (!list.eligible()[k] || c == CompletionModel.FORBIDDEN) {
                continue;
            }
            long end = Ticks.add(s.t, c);
            long mask = list.masks()[k];
            int[] counts = s.counts();
            boolean late = false;
            for (long b = mask; b != 0; b &= b - 1) {
                int i = tl.jm.taskOf[Long.numberOfTrailingZeros(b)];
                late |= end > tl.unitDeadline(i, counts[i]);
                counts[i]++;
            }
            if (late) {
                pruned++;
                continue;
            }
            edges++;
            PowerState next = canonical(end, counts);
            if (seen.containsKey(next)) {
                continue;
            }
            seen.put(next, new Node(s, s.t, end, mask));
            if (next.t >= tl.jm.hyperperiod) {
                // A dead state at the boundary is no member of S_{k+1}: it has no future (keeping
                // it would only delay the detection of the periodic part).
                if (readyOrDead(next) < 0) {
                    pruned++;
                    continue;
                }
                boundary.putIfAbsent(next.shiftBack(tl.jm.hyperperiod, tl.jm.items), next);
            } else {
                stack.push(next);
            }
        }
    }

    int kept() {
        return seen.size();
    }

    /** The state with the most kernels done (then the latest), for a witness. */
    PowerState deepest() {
        return deepest;
    }

    /** The start state a reached state came from. */
    PowerState rootOf(PowerState s) {
        PowerState x = s;
        for (Node n = seen.get(x); n != ROOT; n = seen.get(x)) {
            x = n.parent();
        }
        return x;
    }

    /** The boundary state (as keyed by {@link #run}) as it was reached, before the shift. */
    PowerState reached(PowerState key) {
        return boundary.get(key);
    }

    /**
     * The frames from the root of {@code s} to {@code s}, on the file's time line: times plus
     * {@code level}·H, jobs counted from power-on.
     */
    List<Frame> frames(PowerState s, long level) {
        List<Frame> out = new ArrayList<>();
        long shift = level * tl.jm.hyperperiod;
        PowerState x = s;
        for (Node n = seen.get(x); n != ROOT; n = seen.get(x)) {
            PowerState p = n.parent();
            List<JobRef> batch = new ArrayList<>();
            for (int u : oracle.batch(n.mask()).order()) {
                int i = tl.jm.taskOf[u];
                long c = p.count(i) + level * tl.jm.items[i];
                batch.add(new JobRef(i, (int) tl.job(i, c), (int) Math.floorMod(c, tl.jm.chain[i])));
            }
            out.add(new Frame(n.start() + shift, n.end() + shift, batch));
            x = p;
        }
        java.util.Collections.reverse(out);
        return out;
    }
}
