package org.gpusched.qualify;

/**
 * One comparison on one case: a method against its twin or against an expected result.
 *
 * @param check   the check's id (the report's tally key)
 * @param status  whether the two agreed, disagreed, or could not be compared (a budget, a twin that does not apply)
 * @param message what was compared, or why not; for a disagreement, both sides
 */
record Observation(String check, Status status, String message) {
    enum Status { AGREED, DISAGREED, NOT_COMPARED }

    static Observation agreed(String check, String message) {
        return new Observation(check, Status.AGREED, message);
    }

    static Observation disagreed(String check, String message) {
        return new Observation(check, Status.DISAGREED, message);
    }

    static Observation notCompared(String check, String why) {
        return new Observation(check, Status.NOT_COMPARED, why);
    }
}
