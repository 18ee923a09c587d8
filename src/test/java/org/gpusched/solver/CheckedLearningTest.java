package org.gpusched.solver;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.learn.ExplanationForSignedClause;
import org.chocosolver.solver.search.loop.learn.LearnSignedClauses;
import org.chocosolver.solver.variables.IntVar;
import org.chocosolver.util.ESat;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check of each learning step: a clean search learns and refutes, and a learner that widens a
 * literal of each clause it learns (so that the clause is no longer false where its step closes
 * part of the search, and the step would throw away nodes it never refuted) is refused at its
 * first step, by the clause check itself: with that check gone the refusal would come later or
 * never, and this test fails.
 */
class CheckedLearningTest {
    /** Five pigeons, four holes: infeasible, and only after conflicts, so the search learns. */
    private static Solver pigeons() {
        Model m = new Model("pigeons");
        IntVar[] p = m.intVarArray("p", 5, 0, 3);
        for (int i = 0; i < p.length; i++) {
            for (int j = i + 1; j < p.length; j++) {
                m.arithm(p[i], "!=", p[j]).post();
            }
        }
        return m.getSolver();
    }

    @Test
    void a_clean_search_learns_and_refutes_with_every_step_accepted() {
        Solver s = pigeons();
        CheckedLearning c = CheckedLearning.plug(s);
        assertThat(s.solve()).isFalse();
        assertThat(c.broken()).as("refused: %s", c.refusal()).isFalse();
        assertThat(s.getFailCount()).isPositive();
        assertThat(s.isFeasible()).isEqualTo(ESat.FALSE);
    }

    @Test
    void a_learnt_clause_that_is_not_false_where_it_closes_the_search_is_refused() {
        Solver s = pigeons();
        int[] steps = {0};
        CheckedLearning c = new CheckedLearning(s, own -> new Widening(s, own, steps));
        s.solve();
        assertThat(steps[0]).as("the broken learner was asked").isPositive();
        assertThat(c.broken()).isTrue();
        assertThat(c.refusal()).isEqualTo(CheckedLearning.CLAUSE_NOT_FALSE);
        // Refused at the first step it broke: nothing after it was learnt.
        assertThat(steps[0]).isEqualTo(1);
    }

    /**
     * Choco's own learner, with one literal of each learnt clause widened by its variable's domain
     * at the node that made it false (the clause then holds there: no conflict justifies the step).
     */
    private static final class Widening extends LearnSignedClauses<ExplanationForSignedClause> {
        private final LearnSignedClauses<ExplanationForSignedClause> own;
        private final int[] steps;

        Widening(Solver s, LearnSignedClauses<ExplanationForSignedClause> own, int[] steps) {
            super(s);
            this.own = own;
            this.steps = steps;
        }

        @Override
        public ExplanationForSignedClause getExplanation() {
            return own.getExplanation();
        }

        @Override
        public void forget(Solver s) {
            own.forget(s);
        }

        @Override
        public boolean record(Solver s) {
            boolean r = own.record(s);
            ExplanationForSignedClause x = getExplanation();
            for (IntVar v : x.getLiterals()) {
                int node = x.getFront().getValueOrDefault(v, -1);
                if (node >= 0) {
                    v.getLit().addAll(x.getImplicationGraph().getDomainAt(node));
                    steps[0]++;
                    break;
                }
            }
            return r;
        }
    }
}
