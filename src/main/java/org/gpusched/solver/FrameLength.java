package org.gpusched.solver;

import org.chocosolver.solver.constraints.Propagator;
import org.chocosolver.solver.constraints.ternary.PropXplusYeqZ;
import org.chocosolver.solver.learn.ExplanationForSignedClause;
import org.chocosolver.solver.variables.IntVar;
import org.chocosolver.solver.variables.events.IntEventType;

/**
 * start + length = end, the frame of one kernel, filtered exactly as Choco's x + y = z, with an
 * explanation for conflict learning that covers every event. Choco's own explains a changed lower
 * or upper bound and a removed value, but not an instantiation (a bound update that leaves one
 * value, which is how a bounded time gets fixed): there it asserts, and without assertions falls
 * back to the explanation every propagator has, "the other variables in their domains of the
 * moment imply the pivot's new domain". That fallback is a clause the constraint implies (the
 * filtering depends on the three domains alone), so taking it for an instantiation, on purpose,
 * keeps every learnt clause implied by the model.
 */
final class FrameLength extends PropXplusYeqZ {
    FrameLength(IntVar start, IntVar length, IntVar end) {
        super(start, length, end);
    }

    @Override
    public void explain(int p, ExplanationForSignedClause explanation) {
        int mask = explanation.readMask(p);
        if (IntEventType.isInclow(mask) || IntEventType.isDecupp(mask) || IntEventType.isRemove(mask)) {
            super.explain(p, explanation);
        } else {
            Propagator.defaultExplain(this, p, explanation);
        }
    }
}
