package org.gpusched.profile;

import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.player.prediction.PairsPrediction;

import java.util.List;
import java.util.Map;

/**
 * {@code profile --pairs}: the model of a profile that timed only the singles and pairs, completed
 * with a predicted entry for every larger set the full profile would have timed.
 */
public final class PairsModel {
    private PairsModel() { }

    /**
     * {@code measured} (the singles' wcets and the pairs' entries, in ticks, the runtime's cost left
     * out) with each set of three or more of {@code sets} predicted by {@link PairsPrediction} with the
     * margins fitted on the H200; the measured entries are marked measured, the rest predicted.
     */
    public static Model of(TaskSet ts, Model measured, List<int[]> sets) {
        List<KernelKind> kinds = ts.units().stream()
                .map(u -> u.kernel() == null ? KernelKind.SPIN : u.kernel().kind()).toList();
        Map<Long, Long> predicted = PairsPrediction.predict(new Oracle(ts), measured.wcet(), kinds, measured.table(),
                sets, PairsPrediction.fitted());
        return measured.withPredicted(predicted);
    }
}
