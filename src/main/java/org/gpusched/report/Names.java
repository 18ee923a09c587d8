package org.gpusched.report;

import java.util.Locale;

/** Enum constants as reports and the command line spell them: lower case, '-' for '_'. */
public final class Names {
    private Names() { }

    public static String spell(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
