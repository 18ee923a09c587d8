package org.gpusched.explore;

/** Lets tests in other packages reuse the large task set of {@link PaperExamplesTest}. */
public final class PaperExamplesTestAccess {
    private PaperExamplesTestAccess() { }

    public static String bigTaskSet() {
        return PaperExamplesTest.bigTaskSet();
    }
}
