package org.gpusched.explore.poweron;

import org.gpusched.explore.job.LoneFinish;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.Witness;
import org.gpusched.model.Budget;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the power-on search's boundary states back into frames: the lasso of a schedulable set
 * (a prefix from power-on into the periodic part, then one turn of a cycle of boundary states)
 * and the witness of one that is not. Each hop from a boundary state to one of the next
 * hyperperiod is searched again from that single state, so the search itself keeps no paths
 * across hyperperiods.
 */
final class PowerOnPaths {
    private final UnboundedJobs tl;
    private final Oracle oracle;
    private final Budget.Meter meter;
    /** preds.get(k): each boundary state of hyperperiod k mapped to one state of k − 1 it is reached from. */
    private final List<Map<PowerState, PowerState>> preds;

    PowerOnPaths(UnboundedJobs tl, Oracle oracle, Budget.Meter meter, List<Map<PowerState, PowerState>> preds) {
        this.tl = tl;
        this.oracle = oracle;
        this.meter = meter;
        this.preds = preds;
    }

    /** A schedule: {@code frames} from power-on, of which those from {@code fromFrame} on repeat every {@code every}. */
    record Lasso(List<Frame> frames, int fromFrame, long every) { }

    /**
     * S_j = S_i (i < j). Every state of S_j has a predecessor chain back into S_i = S_j, so
     * following predecessors from any state of S_j must close a cycle; that cycle, walked
     * forwards, is the periodic part, and the chain from S_0 to its first state the prefix.
     */
    Lasso lasso(int i, int j, PowerState any) {
        Map<PowerState, Integer> at = new HashMap<>();
        List<PowerState> back = new ArrayList<>();
        PowerState x = any;
        while (!at.containsKey(x)) {
            at.put(x, back.size());
            back.add(x);
            x = chain(x, j, i).get(0);
        }
        // back[c], back[c+1], ... back[end-1], then back[c] again: each reached forwards from the next one.
        List<PowerState> cycle = new ArrayList<>(back.subList(at.get(x), back.size()));
        List<Frame> frames = new ArrayList<>();
        List<PowerState> prefix = chain(x, i, 0);
        hop(prefix, 0, frames);
        int fromFrame = frames.size();
        int level = i;
        for (int c = cycle.size() - 1; c >= 0; c--) {
            PowerState to = cycle.get(c);
            PowerState from = c == cycle.size() - 1 ? cycle.get(0) : cycle.get(c + 1);
            List<PowerState> hops = chain(to, j, i);
            if (!hops.get(0).equals(from)) {
                throw new IllegalStateException("power-on cycle broken at " + from);
            }
            hop(hops, level, frames);
            level += j - i;
        }
        return new Lasso(frames, fromFrame, (long) cycle.size() * (j - i) * tl.jm.hyperperiod);
    }

    /** The boundary states from hyperperiod {@code to} forwards to {@code s} at hyperperiod {@code from}. */
    private List<PowerState> chain(PowerState s, int from, int to) {
        List<PowerState> out = new ArrayList<>();
        PowerState x = s;
        out.add(x);
        for (int k = from; k > to; k--) {
            x = preds.get(k).get(x);
            out.add(0, x);
        }
        return out;
    }

    /** Appends the frames from each state of {@code states} to the next, the first at hyperperiod {@code level}. */
    private void hop(List<PowerState> states, int level, List<Frame> out) {
        for (int k = 0; k + 1 < states.size(); k++) {
            HyperperiodStep step = new HyperperiodStep(tl, oracle, meter, 0);
            step.run(List.of(states.get(k)));
            out.addAll(step.frames(step.reached(states.get(k + 1)), level + k));
        }
    }

    /**
     * Hyperperiod k's search reached no boundary: the deepest state it reached, the frames from
     * power-on to it, and for each kernel ready there whether it can still end in time alone.
     */
    Witness witness(HyperperiodStep step, int k) {
        PowerState d = step.deepest();
        List<Frame> path = new ArrayList<>();
        hop(chain(step.rootOf(d), k, 0), 0, path);
        path.addAll(step.frames(d, k));
        long shift = k * tl.jm.hyperperiod;
        long t = d.t + shift;
        List<String> reasons = new ArrayList<>();
        boolean late = false;
        long done = 0;
        long released = 0;
        for (int i = 0; i < tl.jm.n; i++) {
            long c = d.count(i) + (long) k * tl.jm.items[i];
            done += c;
            released += t < tl.jm.offset[i] ? 0 : ((t - tl.jm.offset[i]) / tl.jm.period[i] + 1) * tl.jm.chain[i];
            if (tl.readyTime(i, d.count(i)) > d.t) {
                continue;
            }
            int u = tl.unit(i, c);
            LoneFinish a = LoneFinish.from(t, u, tl.jm.firstUnit[i] + tl.jm.chain[i] - 1, tl.jm.wcet[u], oracle);
            long due = tl.deadline(i, c);
            late |= a.end() > due;
            reasons.add(a.reason(tl.unitName[u] + "#" + tl.job(i, c), tl.arrival(i, c), due));
        }
        if (!late) {
            reasons.add("every eligible batch from here makes some job miss its deadline later on");
        }
        return new Witness(path, t, (int) Math.min(done, Integer.MAX_VALUE), (int) Math.min(released,
                Integer.MAX_VALUE), reasons);
    }
}
