package org.gpusched.solver;

import org.chocosolver.solver.Solver;
import org.chocosolver.solver.learn.ExplanationForSignedClause;
import org.chocosolver.solver.learn.Implications;
import org.chocosolver.solver.search.loop.learn.Learn;
import org.chocosolver.solver.search.loop.learn.LearnSignedClauses;
import org.chocosolver.solver.search.strategy.decision.Decision;
import org.chocosolver.solver.search.strategy.decision.IntDecision;
import org.chocosolver.solver.variables.IntVar;
import org.chocosolver.util.objects.ValueSortedMap;

import java.util.function.UnaryOperator;

/**
 * Choco's conflict learning (signed clauses), with every step that closes part of the search
 * checked before it counts. On a failure Choco learns a clause and jumps back to the latest
 * decision it involves, whose first branch it then closes; when the clause involves no decision,
 * the search ends and the model counts as refuted. Each such step is sound when the clause is
 * implied by the model (that is the model's part: docs/solver.md says which constraints explain
 * their deductions and why the clauses are implied) and is false where the step is taken, which
 * this class checks on every step from the analysis's own record of which node made each literal
 * false. A step that fails the check, or any error inside Choco's learning (it asserts and throws
 * on states it does not expect), marks the search <i>broken</i>: its stop criterion ends it, and a
 * broken search is never a refutation (the engine then searches without learning).
 */
final class CheckedLearning implements Learn {
    private final LearnSignedClauses<ExplanationForSignedClause> learn;
    /** Set once, by the search thread; read by the same thread and, after the search, by the engine. */
    private volatile boolean broken;
    private long solutions;
    private boolean lastWasSolution;
    /** The decision the clause just learnt refutes (the next {@link #forget} must find it last on the path). */
    private IntDecision refuted;

    /** Why the search broke (one of the constants below), or null; set with {@link #broken}. */
    private volatile String refusal;
    /** {@link #refusal()} of a learnt clause that is not false where its step closes part of the search. */
    static final String CLAUSE_NOT_FALSE = "a learnt clause is not false where its step closes the search";
    /** {@link #refusal()} of a jump back to another decision than the one the learnt clause refutes. */
    static final String WRONG_JUMP = "the search went back to another decision than the clause refutes";
    /** {@link #refusal()} of an error inside Choco's learning. */
    static final String LEARNING_FAILED = "Choco's learning failed";

    /**
     * Choco's learner as {@code learner} gives it back (given Choco's own): itself, but for the tests,
     * whose deliberately broken one shows that its steps are refused.
     */
    @SuppressWarnings("unchecked")
    CheckedLearning(Solver s, UnaryOperator<LearnSignedClauses<ExplanationForSignedClause>> learner) {
        s.setLearningSignedClauses();
        learn = learner.apply((LearnSignedClauses<ExplanationForSignedClause>) s.getLearner());
        s.setLearner(this);
        s.addStopCriterion(() -> broken);
    }

    /** Turns learning on for the solver, whose model must be complete (learning records every variable's events). */
    static CheckedLearning plug(Solver s) {
        return new CheckedLearning(s, l -> l);
    }

    /** Whether a step could not be checked: the search's outcome is then no refutation. */
    boolean broken() {
        return broken;
    }

    /** Why the search broke, or null while it is not broken. */
    String refusal() {
        return refusal;
    }

    private void refuse(String why) {
        refusal = why;
        broken = true;
    }

    @Override
    public boolean record(Solver s) {
        if (broken) {
            return false;
        }
        try {
            lastWasSolution = s.getSolutionCount() != solutions;
            solutions = s.getSolutionCount();
            learn.record(s);
            refuted = null;
            if (!lastWasSolution && !checked(s, learn.getExplanation())) {
                refuse(CLAUSE_NOT_FALSE);
            }
        } catch (RuntimeException | AssertionError e) {
            refuse(LEARNING_FAILED);
        }
        return !broken;
    }

    @Override
    public void forget(Solver s) {
        if (broken) {
            return;
        }
        try {
            Decision<?> head = s.getDecisionPath().getLastDecision();
            boolean restart = head.getPosition() == s.getDecisionPath().getDecision(0).getPosition();
            if (!lastWasSolution && !restart && (head != refuted || !head.hasNext())) {
                refuse(WRONG_JUMP);
                return;
            }
            learn.forget(s);
        } catch (RuntimeException | AssertionError e) {
            refuse(LEARNING_FAILED);
        }
    }

    /**
     * Whether the step the clause just learnt asks for is sound, given that the clause is implied:
     * each literal was made false by the node the analysis kept for its variable, and that node is
     * at the root when the search goes back to the root, else before the decision to refute or that
     * decision itself (whose node is then the last one kept). Domains only shrink along a branch, so
     * the literals stay false until that decision, and the decision makes the clause false.
     */
    private boolean checked(Solver s, ExplanationForSignedClause x) {
        Implications graph = x.getImplicationGraph();
        ValueSortedMap<IntVar> front = x.getFront();
        boolean root = x.getAssertingLevel() == s.getDecisionPath().getDecision(0).getPosition();
        int last = front.isEmpty() ? -1 : front.getLastValue();
        if (!root && (last < 0 || !(graph.getCauseAt(last) instanceof IntDecision))) {
            return false;
        }
        int lastLevel = last < 0 ? 0 : graph.getDecisionLevelAt(last);
        for (IntVar v : x.getLiterals()) {
            int node = front.getValueOrDefault(v, -1);
            if (node < 0 || !v.getLit().disjoint(graph.getDomainAt(node))) {
                return false;
            }
            int level = graph.getDecisionLevelAt(node);
            if (root ? level > 1 : node != last && level >= lastLevel) {
                return false;
            }
        }
        if (!root) {
            refuted = (IntDecision) graph.getCauseAt(last);
        }
        return true;
    }
}
